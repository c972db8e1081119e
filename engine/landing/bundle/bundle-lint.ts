/**
 * "Will the relay drop it?" — every rule a block engine silently drops a bundle for, checked
 * before the relay sees it (docs/relay.md#bundle-lint says what each rule prevents). Every rule is
 * reported, passed or not, in BUNDLE_LINT_RULES' order; a bundle failing any is not sent.
 */
import { BUNDLE_LINT_RULES, type BundleLintEntry, type BundleLintRule } from '../../contract/submit-response.js'
import { getSignatureProblem } from '../../hot-path/decode/verify-signatures.js'
import { decodeWireTransaction, PACKET_DATA_SIZE, type WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { isDurableNonceTransaction } from '../../hot-path/svm/check-blockhash.js'
import { fromBase58Address, toAccountKey, toBase58Address, type AccountKey } from '../../hot-path/state/account-key.js'
import type { ChainTracker } from '../../hot-path/state/chain-tracker.js'
import type { SequentialSimulator } from './sequential-simulation.js'
import { findTipAccountsInLookupTables, findTipPayments } from '../../hot-path/decode/tip-payments.js'

/** A block engine takes at most 5 transactions a bundle. */
export const MAX_BUNDLE_TRANSACTIONS = 5
/**
 * Blocks a blockhash must still have: the auction (about 200 ms) and the slot it lands in. One
 * block left is a bundle that expires while it is auctioned.
 */
export const MIN_BLOCKS_LEFT = 2
/** An account whose address starts so asks the relay to keep its transaction first (no front-running). */
const DONT_FRONT_PREFIX = 'jitodontfront'
const VOTE_PROGRAM = fromBase58Address('Vote111111111111111111111111111111111111111')

export interface BundleLintDeps {
  simulator: SequentialSimulator
  /** The relay's tip accounts (getTipAccounts, cached). */
  tipAccounts: ReadonlySet<AccountKey>
  /** The least tip accepted (the floor of the tips landed). */
  tipFloorLamports: number
  chain: Pick<ChainTracker, 'getBlocksLeft' | 'getBlockhashStatus' | 'checkBlockhash'>
  signal?: AbortSignal
}

export interface BundleLintResult {
  entries: BundleLintEntry[]
  ok: boolean
  /** What the bundle tips the relay: the transfers found, or what the simulation shows the tip accounts gained when more. */
  tipLamports: bigint
}

const number = (value: number | bigint) => value.toLocaleString('en-US')
const short = (key: AccountKey) => toBase58Address(key)

/** Lints `bundle` (signed wire transactions, in bundle order). */
export async function lintBundle(deps: BundleLintDeps, bundle: readonly Uint8Array[]): Promise<BundleLintResult> {
  const verdicts = new Map<BundleLintRule, { ok: boolean; detail: string }>()
  const set = (rule: BundleLintRule, ok: boolean, detail: string) => verdicts.set(rule, { ok, detail })

  set(
    'bundle_size',
    bundle.length >= 1 && bundle.length <= MAX_BUNDLE_TRANSACTIONS,
    `${bundle.length} transaction${bundle.length === 1 ? '' : 's'} (a bundle holds 1 to ${MAX_BUNDLE_TRANSACTIONS})`,
  )

  const oversized = bundle.findIndex((bytes) => bytes.length > PACKET_DATA_SIZE)
  const largest = Math.max(0, ...bundle.map((bytes) => bytes.length))
  set(
    'transaction_size',
    oversized === -1,
    oversized === -1
      ? `the largest is ${number(largest)} bytes (limit ${number(PACKET_DATA_SIZE)})`
      : `transaction ${oversized + 1} is ${number((bundle[oversized] as Uint8Array).length)} bytes, over the ${number(PACKET_DATA_SIZE)}-byte packet limit`,
  )

  // Decoded when they can be: a transaction that cannot fails the signature rule and is not run.
  const decoded: Array<WireTransaction | null> = []
  const signatureProblems: string[] = []
  for (let i = 0; i < bundle.length; i++) {
    try {
      const tx = decodeWireTransaction(bundle[i] as Uint8Array)
      decoded.push(tx)
      const problem = getSignatureProblem(tx)
      if (problem !== null) signatureProblems.push(`transaction ${i + 1}: ${problem}`)
    } catch (error) {
      decoded.push(null)
      signatureProblems.push(`transaction ${i + 1} cannot be decoded: ${(error as Error).message}`)
    }
  }
  set(
    'signatures',
    signatureProblems.length === 0,
    signatureProblems.length === 0 ? 'every required signature is present and verifies' : signatureProblems.join('; '),
  )

  const runnable = decoded.every((tx) => tx !== null) && bundle.length <= MAX_BUNDLE_TRANSACTIONS
  const txs = decoded.filter((tx): tx is WireTransaction => tx !== null)
  const simulation = runnable && txs.length > 0 ? await deps.simulator.run(txs, deps.tipAccounts, deps.signal) : null

  // Tips: the transfers to tip accounts, by transaction.
  let tipFromTransfers = 0n
  const tippers: string[] = []
  const viaTable: string[] = []
  for (let i = 0; i < decoded.length; i++) {
    const tx = decoded[i]
    if (!tx) continue
    const keys = simulation?.keys[i] ?? null
    for (const payment of findTipPayments(tx, keys, deps.tipAccounts)) {
      tipFromTransfers += payment.lamports
      tippers.push(`transaction ${i + 1} tips ${short(payment.account)} ${number(payment.lamports)} lamports`)
    }
    if (keys)
      for (const account of findTipAccountsInLookupTables(tx, keys, deps.tipAccounts))
        viaTable.push(`transaction ${i + 1} loads ${short(account)}`)
  }
  const tipLamports = simulation && simulation.tipLamports > tipFromTransfers ? simulation.tipLamports : tipFromTransfers
  const tipped = tipLamports > 0n
  set(
    'tip_present',
    tipped,
    tipped
      ? tippers.length > 0
        ? tippers.join('; ')
        : `the tip accounts gain ${number(tipLamports)} lamports (through a program)`
      : `no transaction pays one of the relay's ${deps.tipAccounts.size} tip accounts: the relay has nothing to auction it for`,
  )
  set(
    'tip_floor',
    tipped && tipLamports >= BigInt(deps.tipFloorLamports),
    tipped
      ? `${number(tipLamports)} lamports against a floor of ${number(deps.tipFloorLamports)} (what landed bundles tip: GET /api/v1/solana/tips)`
      : `no tip; the floor is ${number(deps.tipFloorLamports)} lamports`,
  )
  set(
    'tip_not_in_lookup_table',
    viaTable.length === 0,
    viaTable.length === 0
      ? 'no tip account is loaded from an address lookup table'
      : `${viaTable.join('; ')} from an address lookup table: the relay reads tips from a transaction's own keys, so it sees none`,
  )

  // jitodontfront: the transaction carrying it must sit first.
  const dontFront: string[] = []
  for (let i = 0; i < decoded.length; i++) {
    const keys = simulation?.keys[i] ?? getStaticKeys(decoded[i] ?? null)
    if (keys.some((key) => short(key).startsWith(DONT_FRONT_PREFIX))) dontFront.push(String(i + 1))
  }
  const misplaced = dontFront.filter((index) => index !== '1')
  set(
    'dont_front_first',
    misplaced.length === 0,
    dontFront.length === 0
      ? `no transaction carries a ${DONT_FRONT_PREFIX} account`
      : misplaced.length === 0
        ? `transaction 1 carries a ${DONT_FRONT_PREFIX} account and sits first`
        : `transaction ${misplaced.join(', ')} carries a ${DONT_FRONT_PREFIX} account but is not first: the relay drops such a bundle`,
  )

  const votes: string[] = []
  for (let i = 0; i < decoded.length; i++) {
    const keys = simulation?.keys[i] ?? getStaticKeys(decoded[i] ?? null)
    const entries = simulation?.entries[i] ?? null
    keys.forEach((key, k) => {
      const entry = entries?.[k]
      if (key === VOTE_PROGRAM || (entry?.exists && toAccountKey(entry.owner) === VOTE_PROGRAM))
        votes.push(`transaction ${i + 1} names ${short(key)}`)
    })
  }
  set(
    'no_vote_accounts',
    votes.length === 0,
    votes.length === 0 ? 'no vote account is named' : `${votes.join('; ')}: the relay drops bundles touching vote accounts`,
  )

  const lifetime = await checkBlockhashLifetime(deps, decoded)
  set('blockhash_lifetime', lifetime.ok, lifetime.detail)

  if (!simulation) {
    set('sequential_simulation', false, 'not run: every transaction must decode, and a bundle holds at most 5')
  } else {
    const failedAt = simulation.steps.findIndex((step) => !step.ok)
    const units = simulation.steps.reduce((sum, step) => sum + (step.computeUnits ?? 0), 0)
    set(
      'sequential_simulation',
      failedAt === -1,
      failedAt === -1
        ? `${txs.length} transaction${txs.length === 1 ? '' : 's'} succeed${txs.length === 1 ? 's' : ''} in sequence (${number(units)} compute units)`
        : `transaction ${failedAt + 1} of ${txs.length} fails${failedAt > 0 ? ' on the state the earlier ones leave' : ''}: ${simulation.steps[failedAt]?.reason}; the relay would land none of them`,
    )
  }

  const entries = BUNDLE_LINT_RULES.map((rule) => ({ rule, ...(verdicts.get(rule) as { ok: boolean; detail: string }) }))
  return { entries, ok: entries.every((entry) => entry.ok), tipLamports }
}

function getStaticKeys(tx: WireTransaction | null): AccountKey[] {
  if (!tx) return []
  const keys: AccountKey[] = []
  for (let i = 0; i < tx.staticKeyCount; i++)
    keys.push(toAccountKey(tx.bytes.subarray(tx.staticKeysOffset + 32 * i, tx.staticKeysOffset + 32 * i + 32)))
  return keys
}

/** Every blockhash must outlive the auction and the landing; a durable nonce does not expire by height. */
async function checkBlockhashLifetime(
  deps: BundleLintDeps,
  decoded: ReadonlyArray<WireTransaction | null>,
): Promise<{ ok: boolean; detail: string }> {
  const problems: string[] = []
  let fewest: number | undefined
  for (let i = 0; i < decoded.length; i++) {
    const tx = decoded[i]
    if (!tx || isDurableNonceTransaction(tx)) continue
    const status = deps.chain.getBlockhashStatus(tx.recentBlockhash)
    if (status === 'expired') {
      problems.push(`transaction ${i + 1}'s blockhash has expired`)
      continue
    }
    if (status === 'unknown') {
      // Newer than the engine's view of the chain (then it has its whole life ahead), or not a blockhash at all.
      if (!(await deps.chain.checkBlockhash(tx.recentBlockhash, deps.signal ? { signal: deps.signal } : {}))) {
        problems.push(`transaction ${i + 1}'s blockhash is not one the cluster knows`)
      }
      continue
    }
    const left = deps.chain.getBlocksLeft(tx.recentBlockhash)
    if (left === undefined) continue
    fewest = fewest === undefined ? left : Math.min(fewest, left)
    if (left < MIN_BLOCKS_LEFT) problems.push(`transaction ${i + 1}'s blockhash has ${left} block${left === 1 ? '' : 's'} left`)
  }
  if (problems.length > 0)
    return {
      ok: false,
      detail: `${problems.join('; ')}: it needs at least ${MIN_BLOCKS_LEFT} (the auction, about 200 ms, then the landing)`,
    }
  return {
    ok: true,
    detail:
      fewest === undefined
        ? 'every blockhash is valid (or a durable nonce)'
        : `the shortest-lived blockhash has ${fewest} blocks left (at least ${MIN_BLOCKS_LEFT} needed)`,
  }
}
