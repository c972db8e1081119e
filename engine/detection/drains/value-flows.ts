/**
 * What leaves each signer, read from the simulated state: SOL and tokens, to whom, and how much
 * of it no instruction the signer signs explains. Value is followed to where it lands: an account
 * a signer keeps control of (its own wallet, token accounts it owns — wrapped SOL included —,
 * stake accounts it can withdraw, nonce accounts it authorizes) is the signer's, and an account
 * the transaction creates with its lamports is on its way; the recipient is whoever controls the
 * account the value ends in (the owner of a wrapped-SOL account, the withdrawer of a stake account),
 * not an account it passed through.
 */
import { getTokenFields } from '../../hot-path/state/token-account.js'
import { type AccountKey, fromBase58Address, toAccountKey } from '../../hot-path/state/account-key.js'
import type { VectorContext } from '../vectors/vector-context.js'
import { type ControllerLookup, getRolesBefore } from './account-state-roles.js'
import type { InstructionEvidence } from './instruction-evidence.js'
import { WRAPPED_SOL_MINT } from '../../hot-path/svm/well-known-programs.js'

export interface TokenOutflow {
  /** The signer's token account. */
  account: AccountKey
  mint: AccountKey
  /** Its balance before the transaction, and what left it. */
  balance: bigint
  amount: bigint
  /** Owners of the token accounts of the same mint that grew (not the signer's own). */
  recipients: AccountKey[]
  /** Base units no transfer or burn instruction of the signer explains. */
  unexplained: bigint
}

export interface TokenInflow {
  mint: AccountKey
  amount: bigint
}

/** Lamports leaving an account the signer controls (a stake account it withdraws, a nonce account it authorizes). */
export interface ControlledOutflow {
  account: AccountKey
  /** Its lamports before, and what left it. */
  balance: bigint
  amount: bigint
  /** Accounts that gained lamports and that the signer does not control. */
  recipients: AccountKey[]
}

export interface SignerFlows {
  signer: AccountKey
  /** Lamports before the transaction. */
  lamportsBefore: bigint
  /** SOL the signer sends to accounts it does not control, by recipient. */
  lamportsTo: Map<AccountKey, bigint>
  /** SOL that leaves the signer with no instruction explaining it (after the fee and new accounts' rent). */
  unexplainedLamports: bigint
  lamportsIn: bigint
  tokensOut: TokenOutflow[]
  tokensIn: TokenInflow[]
  controlledOut: ControlledOutflow[]
}

function getLamports(context: VectorContext, index: number): { before: bigint; after: bigint } {
  const entry = context.entries?.[index]
  const before = entry?.exists ? entry.lamports : 0n
  const after = context.post?.get(context.keys[index] as AccountKey)
  return { before, after: after ? after.lamports() : before }
}

/** Who controls an account after the transaction (account-state-roles.ts). */
export type { ControllerLookup }

/** SOL an instruction moves: a System transfer (or account creation), or wrapped SOL paid by a token transfer. */
interface SolPayment {
  from: AccountKey
  to: AccountKey
  lamports: bigint
}

const WRAPPED_SOL_MINTS = new Set([WRAPPED_SOL_MINT, fromBase58Address('9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP')])

function getIndex(context: VectorContext, key: AccountKey): number {
  return context.keys.indexOf(key)
}

function existedBefore(context: VectorContext, key: AccountKey): boolean {
  const index = getIndex(context, key)
  return index >= 0 && context.entries?.[index]?.exists === true
}

/** Whether a token account holds wrapped SOL (read before, or after for one the transaction creates). */
function isWrappedSolAccount(context: VectorContext, key: AccountKey): boolean {
  const index = getIndex(context, key)
  if (index < 0) return false
  const entry = context.entries?.[index]
  const data = entry?.exists ? entry.data : context.post?.get(key)?.data()
  return data !== undefined && data.length >= 165 && WRAPPED_SOL_MINTS.has(toAccountKey(data.subarray(0, 32)))
}

/** Whether a token account's balance went down in the simulation (then the token deltas already follow what left it). */
function isTokenBalanceDown(context: VectorContext, key: AccountKey): boolean {
  const index = getIndex(context, key)
  return context.tokenDeltas.some((delta) => delta.index === index && delta.post < delta.pre)
}

/**
 * The SOL the instructions move: System transfers, and wrapped SOL paid on by a token transfer from
 * an account whose balance does not go down (SOL wrapped in this transaction and passed through:
 * a wrapped-SOL balance that goes down is followed as the token it is).
 */
function getSolPayments(context: VectorContext, evidence: InstructionEvidence): SolPayment[] {
  const payments: SolPayment[] = evidence.lamportTransfers.map(({ from, to, lamports }) => ({ from, to, lamports }))
  for (const { source, destination, amount } of evidence.tokenTransfers) {
    // Either side tells the mint (a token transfer joins two accounts of one mint; one closed after has no data left).
    const wrapped = isWrappedSolAccount(context, source) || isWrappedSolAccount(context, destination)
    if (!wrapped || isTokenBalanceDown(context, source)) continue
    payments.push({ from: source, to: destination, lamports: amount })
  }
  return payments
}

/**
 * Whether value at `key` is still on `signer`'s route: its wallet, an account it controls, or one
 * the transaction created with its lamports. (A module function, not a closure per call: tsx's
 * keepNames wraps each closure created on the hot path.)
 */
function isOnRoute(key: AccountKey, signer: AccountKey, controller: ControllerLookup, created: ReadonlySet<AccountKey>): boolean {
  return key === signer || controller.get(key) === signer || created.has(key)
}

/**
 * The accounts the transaction creates with a signer's lamports (transitively: an account funded by
 * one it created): its value passes through them, and is the signer's until it lands with whoever
 * controls them at the end (nobody: the account's own key).
 */
function getCreatedWith(
  context: VectorContext,
  payments: readonly SolPayment[],
  controller: ControllerLookup,
  signer: AccountKey,
): Set<AccountKey> {
  const created = new Set<AccountKey>()
  for (let grew = payments.length > 0; grew;) {
    grew = false
    for (const { from, to } of payments) {
      if (!isOnRoute(from, signer, controller, created) || isOnRoute(to, signer, controller, created) || existedBefore(context, to))
        continue
      created.add(to)
      grew = true
    }
  }
  return created
}

/** Who ends up with value sent to `key`: the holder of its controlling role, else the key itself. */
function getFinalReceiver(controller: ControllerLookup, key: AccountKey): AccountKey {
  return controller.get(key) ?? key
}

function addTo(map: Map<AccountKey, bigint>, key: AccountKey, lamports: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + lamports)
}

/**
 * The rent-exempt minimum of an account of `dataLength` bytes: (128 + length) bytes × 3,480
 * lamports per byte-year × 2 years, the Rent sysvar of mainnet and of LiteSVM (solana-rent's
 * defaults), as the System program charges it.
 */
function getRentExemptMinimum(dataLength: number): bigint {
  return BigInt(128 + dataLength) * 6_960n
}

/**
 * Rent deposited into accounts the transaction creates beyond what instructions pay into them (an
 * associated account made by CPI), at most each account's rent-exempt minimum: the fee payer's,
 * unless it keeps the account.
 */
function getImplicitNewAccountRent(context: VectorContext, payments: readonly SolPayment[], own: ReadonlySet<AccountKey>): bigint {
  const { keys, entries, post } = context
  if (!entries || !post) return 0n
  let rent = 0n
  for (let i = 0; i < keys.length; i++) {
    if (!context.writable[i] || entries[i]?.exists) continue
    const key = keys[i] as AccountKey
    const after = post.get(key)
    if (own.has(key) || !after) continue
    let deposit = after.lamports()
    for (const payment of payments) if (payment.to === key) deposit -= payment.lamports
    // Rent, not more: lamports a program moves into a new account beyond it are an outflow to explain.
    const rentExempt = getRentExemptMinimum(after.data().length)
    if (deposit > rentExempt) deposit = rentExempt
    if (deposit > 0n) rent += deposit
  }
  return rent
}

/**
 * The SOL one signer sends, followed to where it lands. Its value passes through what it controls
 * (its wallet, token accounts — wrapped SOL included —, stake and nonce accounts) and the accounts
 * it creates; it leaves the signer when it reaches an account outside them, and is then named by
 * who controls that account (a wrapped-SOL account's owner, a stake account's withdrawer). What an
 * account it created keeps at the end lands with that account's controller.
 */
function getSolOut(
  context: VectorContext,
  payments: readonly SolPayment[],
  controller: ControllerLookup,
  signer: AccountKey,
  created: ReadonlySet<AccountKey>,
): { lamportsTo: Map<AccountKey, bigint>; explained: bigint; lost: bigint } {
  // What the signer holds at the end: its wallet and the accounts it creates and keeps.
  const own = new Set<AccountKey>([signer])
  for (const key of created) if (controller.get(key) === signer) own.add(key)
  const lamportsTo = new Map<AccountKey, bigint>()
  const receivedFromSigner = new Map<AccountKey, bigint>()
  let explained = context.keys[0] === signer ? context.fee.feeLamports + getImplicitNewAccountRent(context, payments, own) : 0n
  const forwarded = new Map<AccountKey, bigint>()
  for (const { from, to, lamports } of payments) {
    if (!isOnRoute(from, signer, controller, created)) continue
    if (own.has(from) && !own.has(to)) explained += lamports
    if (created.has(to)) addTo(receivedFromSigner, to, lamports)
    if (created.has(from)) addTo(forwarded, from, lamports)
    if (isOnRoute(to, signer, controller, created)) continue
    addTo(lamportsTo, getFinalReceiver(controller, to), lamports)
  }
  let gainers: Array<{ key: AccountKey; gained: bigint }> | undefined
  for (const [key, received] of receivedFromSigner) {
    if (own.has(key)) continue
    const kept = getLamports(context, getIndex(context, key)).after
    const landed = kept < received ? kept : received
    const receiver = getFinalReceiver(controller, key)
    if (landed > 0n && receiver !== signer) addTo(lamportsTo, receiver, landed)
    // What left it by no instruction of the transaction's own (a program moving it, a swap taking
    // wrapped SOL) lands with the accounts that gained lamports outside the route.
    let vanished = received - landed - (forwarded.get(key) ?? 0n)
    if (vanished <= 0n) continue
    gainers ??= getLamportGainers(context).filter((gainer) => !isOnRoute(gainer.key, signer, controller, created))
    for (const gainer of gainers) {
      if (vanished <= 0n || gainer.gained <= 0n) continue
      const share = gainer.gained < vanished ? gainer.gained : vanished
      gainer.gained -= share
      vanished -= share
      const to = getFinalReceiver(controller, gainer.key)
      if (to !== signer) addTo(lamportsTo, to, share)
    }
    if (vanished > 0n && receiver !== signer) addTo(lamportsTo, receiver, vanished)
  }
  let lost = 0n
  for (const key of own) {
    const { before, after } = getLamports(context, getIndex(context, key))
    lost += before - after
  }
  return { lamportsTo, explained, lost }
}

/** The flows of every signer; empty when the simulation did not succeed. */
export function getSignerFlows(context: VectorContext, evidence: InstructionEvidence, controller: ControllerLookup): SignerFlows[] {
  if (!context.success || !context.entries || !context.post) return []
  const { keys, tokenDeltas } = context
  const payments = getSolPayments(context, evidence)
  const flows: SignerFlows[] = []
  // Every signer has its own flow, even one another signer's lamports create in this transaction (a
  // relay, or a wallet holding only tokens that a co-signer funds): it still loses what it sends.
  for (let i = 0; i < context.signerCount; i++) {
    const signer = keys[i] as AccountKey
    const { before, after } = getLamports(context, i)
    const created = getCreatedWith(context, payments, controller, signer)
    const { lamportsTo, explained, lost } = getSolOut(context, payments, controller, signer, created)
    const unexplainedLamports = lost > explained ? lost - explained : 0n
    flows.push({
      signer,
      lamportsBefore: before,
      lamportsTo,
      unexplainedLamports,
      lamportsIn: after > before ? after - before : 0n,
      tokensOut: [],
      tokensIn: [],
      controlledOut: [],
    })
  }
  const bySigner = new Map(flows.map((flow) => [flow.signer, flow]))
  addControlledOutflows(context, controller, bySigner)
  for (const delta of tokenDeltas) {
    const entry = context.entries[delta.index]
    const owner = (entry?.exists ? getTokenFields(entry)?.owner : undefined) ?? delta.owner
    const flow = bySigner.get(owner)
    if (!flow) continue
    if (delta.post > delta.pre) {
      flow.tokensIn.push({ mint: delta.mint, amount: delta.post - delta.pre })
      continue
    }
    if (delta.post === delta.pre) continue
    const account = keys[delta.index] as AccountKey
    const amount = delta.pre - delta.post
    const recipients: AccountKey[] = []
    for (const other of tokenDeltas) {
      if (other.mint !== delta.mint || other.post <= other.pre || other.owner === owner) continue
      if (!recipients.includes(other.owner)) recipients.push(other.owner)
    }
    const signed = evidence.tokensOut.get(account) ?? 0n
    flow.tokensOut.push({
      account,
      mint: delta.mint,
      balance: delta.pre,
      amount,
      recipients,
      unexplained: amount > signed ? amount - signed : 0n,
    })
  }
  return flows
}

/** Lamports leaving stake and nonce accounts a signer controlled before the transaction (a withdrawal), and who gained them. */
function addControlledOutflows(context: VectorContext, controller: ControllerLookup, bySigner: Map<AccountKey, SignerFlows>): void {
  const { keys, entries } = context
  if (!entries) return
  let gainers: Array<{ key: AccountKey; gained: bigint }> | undefined
  for (let i = context.signerCount; i < keys.length; i++) {
    if (!context.writable[i]) continue
    let owner: AccountKey | undefined
    for (const { role, holder } of getRolesBefore(entries[i])) {
      if (role === 'stake_withdrawer' || role === 'nonce_authority') owner = holder
    }
    const flow = owner === undefined ? undefined : bySigner.get(owner)
    if (!flow) continue
    const { before, after } = getLamports(context, i)
    if (after >= before) continue
    gainers ??= getLamportGainers(context)
    const recipients: AccountKey[] = []
    for (const { key } of gainers) {
      const receiver = getFinalReceiver(controller, key)
      if (receiver !== flow.signer && !recipients.includes(receiver)) recipients.push(receiver)
    }
    flow.controlledOut.push({ account: keys[i] as AccountKey, balance: before, amount: before - after, recipients })
  }
}

function getLamportGainers(context: VectorContext): Array<{ key: AccountKey; gained: bigint }> {
  const out: Array<{ key: AccountKey; gained: bigint }> = []
  for (let i = 0; i < context.keys.length; i++) {
    if (!context.writable[i]) continue
    const { before, after } = getLamports(context, i)
    if (after > before) out.push({ key: context.keys[i] as AccountKey, gained: after - before })
  }
  return out
}

/** Whether the signer gets anything back (SOL or tokens): a trade, not a drain. */
export function isReceiving(flow: SignerFlows): boolean {
  return flow.lamportsIn > 0n || flow.tokensIn.length > 0
}
