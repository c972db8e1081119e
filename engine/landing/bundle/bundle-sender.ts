/**
 * Lands a caller's verified transaction as a bundle: decides the tip (the caller's own, or a
 * managed one the tip wallet signs and appends), lints the bundle (422 bundle_rejected with the
 * rule list: nothing reaches the relay), hands it to the relay's rate-limited queue before the
 * caller's deadline (503 relay_busy otherwise), and starts tracking the caller's signature on route
 * relay_bundle with the relay's bundle id. The same signed transaction posted again by the same
 * user is not bundled again: the first call's record answers. A managed tip is paid only within the
 * caller's plan (managed-tip-budget.ts): allowed at all, under the per-call cap (the default tip
 * held to it), and charged to the caller's day before the bundle leaves.
 */
import { toBase58 } from '../../../lib/base58.js'
import { createServiceError, isServiceError, ServiceError } from '../../../lib/errors.js'
import type { SubmitStrategyName } from '../../contract/submit-strategies.js'
import type { BundleLintEntry } from '../../contract/submit-response.js'
import type { Prediction, TrackingKind } from '../../contract/transaction-tracking.js'
import { getSignature, getStaticKey, type WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { isDurableNonceTransaction } from '../../hot-path/svm/check-blockhash.js'
import { fromAccountKey, fromBase58Address, type AccountKey } from '../../hot-path/state/account-key.js'
import type { ChainTracker } from '../../hot-path/state/chain-tracker.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'
import type { TrackingRecord } from '../tracking/tracking-record.js'
import { lintBundle, MIN_BLOCKS_LEFT } from './bundle-lint.js'
import { getLastValidBlockHeight } from '../send/last-valid-block-height.js'
import type { SequentialSimulator } from './sequential-simulation.js'
import { isRelayRpcError } from '../relay/relay-errors.js'
import { buildTipTransaction } from './tip-transaction.js'
import { findTipPayments } from '../../hot-path/decode/tip-payments.js'
import type { TipWallet } from './tip-wallet.js'
import type { ManagedTipBudget } from './managed-tip-budget.js'

/** The relay as the sender uses it: the queue's paced calls. */
export interface BundleRelay {
  /** Sends when the relay's rate limit allows `owner` a turn, before `deadlineMs` (epoch ms), else rejects relay_busy. */
  sendBundle(base64Transactions: string[], deadlineMs: number, owner: string): Promise<string>
  getTipAccounts(): Promise<string[]>
  /** The relay's host, for the record's endpoints (never its URL). */
  readonly host: string
}

/** How the tip is paid: always by the tip wallet, or by the caller when the transaction already tips. */
export type TipMode = 'managed' | 'own_or_managed'

export interface BundleSendInput {
  tx: WireTransaction
  userId: string
  /** The caller has a card on file (as the door authenticated them): which managed-tip plan applies. */
  cardOnFile: boolean
  kind: TrackingKind
  strategy: SubmitStrategyName | null
  prediction: Prediction | null
  tipMode: TipMode
  /** The managed tip asked for; default the p75 of landed tips (never below the floor). */
  tipLamports?: bigint
  /** The caller's own limit on the wait for the relay's rate limit (ms). */
  deadlineMs?: number
  /**
   * auto_direct's escalation: the transaction is already tracked (sent directly, not landed); its
   * record moves to route relay_bundle instead of a new one being made.
   */
  escalating?: boolean
  signal?: AbortSignal
}

export interface BundleSendResult {
  record: TrackingRecord
  lint: BundleLintEntry[]
  /** The managed tip paid, or null when the caller's transaction tips itself. */
  managedTipLamports: bigint | null
}

export interface BundleSenderOptions {
  relay: BundleRelay | undefined
  tipWallet: TipWallet | undefined
  /** Who the tip wallet pays for, and how much. */
  budget: ManagedTipBudget
  simulator: SequentialSimulator
  chain: ChainTracker
  tracker: TransactionTracker
  /** The tips landed (p75: the default managed tip) and the floor the lint holds tips to. */
  getTipFloor: () => { p75: number | null; floorLamports: number }
  /** The slot time the deadline estimates with. */
  slotMs?: number
}

/** Mainnet's target slot time: how long a block of a blockhash's life lasts. */
const SLOT_MS = 400
/** The wait a caller gets for the relay's queue when it names none and the blockhash does not bound it. */
const DEFAULT_QUEUE_WAIT_MS = 60_000

export interface BundleSender {
  send(input: BundleSendInput): Promise<BundleSendResult>
  /** Whether a relay (and for managed tips, a tip wallet) is configured. */
  readonly available: boolean
}

/** What needed a managed tip, for a refusal's message. */
function getManagedTipUse(input: BundleSendInput): string {
  if (input.strategy === 'auto_direct') return "auto_direct's escalation to a bundle (a tip from the service's tip wallet)"
  if (input.strategy !== null) return `${input.strategy} (a tip from the service's tip wallet)`
  return input.kind === 'execute'
    ? "execute's relay route for a transaction that pays no tip of its own (a tip from the service's tip wallet)"
    : "send with use_relay for a transaction that pays no tip of its own (a tip from the service's tip wallet)"
}

/** Whether a failed relay call certainly sent nothing: its queue refused it, or the relay answered with a refusal. */
function isCertainlyNotSent(error: unknown): boolean {
  return isServiceError(error, 'relay_busy') || isRelayRpcError(error)
}

/** Creates the sender shared by execute's relay route and submit's bundle strategies. */
export function createBundleSender(options: BundleSenderOptions): BundleSender {
  const { relay, tipWallet, chain, tracker, budget } = options
  const slotMs = options.slotMs ?? SLOT_MS
  const underway = new Map<string, Promise<BundleSendResult>>()
  let tipAccountKeys: { list: string[]; set: Set<AccountKey> } | undefined

  async function getTipAccounts(activeRelay: BundleRelay): Promise<{ list: string[]; set: Set<AccountKey> }> {
    const list = await activeRelay.getTipAccounts()
    if (tipAccountKeys?.list !== list) tipAccountKeys = { list, set: new Set(list.map(fromBase58Address)) }
    return tipAccountKeys
  }

  /** Epoch ms by which the relay must have the bundle: the caller's limit, and the blockhash's life less the auction and landing. */
  function getDeadline(tx: WireTransaction, requestedMs: number | undefined): number {
    const now = Date.now()
    let deadline = now + (requestedMs ?? DEFAULT_QUEUE_WAIT_MS)
    if (!isDurableNonceTransaction(tx)) {
      const blocksLeft = chain.getBlocksLeft(tx.recentBlockhash)
      if (blocksLeft !== undefined) deadline = Math.min(deadline, now + Math.max(0, blocksLeft - MIN_BLOCKS_LEFT) * slotMs)
    }
    return deadline
  }

  async function sendOnce(input: BundleSendInput, signature: string): Promise<BundleSendResult> {
    if (!relay) throw createServiceError('relay_unavailable', 'No bundle relay is configured (RELAY_URL); nothing was sent.')
    const existing = await tracker.get(input.userId, signature)
    if (existing && !(input.escalating && existing.route === 'direct_rpc')) {
      return { record: existing, lint: [], managedTipLamports: existing.tipLamports }
    }
    const { tx } = input
    const tipAccounts = await getTipAccounts(relay)
    const floor = options.getTipFloor()

    const bundle: Uint8Array[] = [tx.bytes]
    let managedTipLamports: bigint | null = null
    const payer = { userId: input.userId, cardOnFile: input.cardOnFile }
    const tipsItself = input.tipMode === 'own_or_managed' && findTipPayments(tx, null, tipAccounts.set).length > 0
    if (!tipsItself) {
      if (!tipWallet) {
        throw createServiceError(
          'relay_unavailable',
          'No tip wallet is configured (TIP_WALLET_KEYPAIR) to pay a managed tip; nothing was sent.',
        )
      }
      budget.assertMayPay(payer, getManagedTipUse(input), input.tipLamports)
      // The default follows what lands, held to the caller's cap: nobody's tips raise it past that.
      const defaultTip = BigInt(Math.max(floor.p75 ?? 0, floor.floorLamports))
      const cap = budget.getCallCapLamports(payer)
      managedTipLamports = input.tipLamports ?? (defaultTip < cap ? defaultTip : cap)
      const tipAccount = tipAccounts.list[Math.floor(Math.random() * tipAccounts.list.length)] as string
      // Both expire together; a durable-nonce transaction has no blockhash to share, so the newest one serves.
      const blockhash = isDurableNonceTransaction(tx) ? chain.latestBlockhash : tx.recentBlockhash
      if (!blockhash)
        throw createServiceError('upstream_unavailable', 'The chain has not been read yet: no blockhash for the tip transaction.')
      bundle.push(
        buildTipTransaction(
          tipWallet,
          fromAccountKey(fromBase58Address(tipAccount)),
          managedTipLamports,
          blockhash,
          `tip for ${signature}`,
        ),
      )
    }

    const lint = await lintBundle(
      {
        simulator: options.simulator,
        tipAccounts: tipAccounts.set,
        tipFloorLamports: floor.floorLamports,
        chain,
        ...(input.signal ? { signal: input.signal } : {}),
      },
      bundle,
    )
    if (!lint.ok) {
      const failed = lint.entries.filter((entry) => !entry.ok).map((entry) => `${entry.rule}: ${entry.detail}`)
      throw new ServiceError('bundle_rejected', `The relay would drop this bundle (${failed.join('; ')}); nothing was sent.`, {
        details: { bundle_lint: lint.entries },
      })
    }

    // Charged before it leaves (concurrent calls cannot pass the day's cap together), taken back when it certainly did not.
    const release = managedTipLamports === null ? undefined : await budget.charge(payer, managedTipLamports)
    const bundleId = await relay
      .sendBundle(
        bundle.map((bytes) => Buffer.from(bytes).toString('base64')),
        getDeadline(tx, input.deadlineMs),
        input.userId,
      )
      .catch(async (error: unknown) => {
        if (release && isCertainlyNotSent(error)) await release()
        // The relay refused what the lint let through (its own rules may be stricter): the caller's bundle, told as such.
        if (!isRelayRpcError(error)) throw error
        throw new ServiceError('bundle_rejected', `The relay refused the bundle (${error.message.slice(0, 300)}); nothing was sent.`, {
          details: { bundle_lint: lint.entries },
        })
      })
    if (existing) {
      const escalated = await tracker.escalate(input.userId, signature, {
        relayBundleId: bundleId,
        tipLamports: managedTipLamports,
        endpoint: relay.host,
      })
      return { record: escalated ?? existing, lint: lint.entries, managedTipLamports }
    }
    const now = Date.now()
    const durable = isDurableNonceTransaction(tx)
    const record: TrackingRecord = {
      userId: input.userId,
      signature,
      kind: input.kind,
      status: 'pending',
      route: 'relay_bundle',
      attempts: 1,
      endpoints: [relay.host],
      wireTransaction: tx.bytes,
      lastValidBlockHeight: getLastValidBlockHeight(tx, chain),
      landedSlot: null,
      transactionError: null,
      prediction: input.prediction,
      outcome: null,
      strategy: input.strategy,
      relayBundleId: bundleId,
      tipLamports: managedTipLamports,
      dropReason: null,
      createdAtMs: now,
      updatedAtMs: now,
    }
    const tracked = await tracker.track({
      record,
      payer: toBase58(getStaticKey(tx, 0)),
      blockhash: durable ? null : toBase58(tx.recentBlockhash),
    })
    return { record: tracked.record, lint: lint.entries, managedTipLamports }
  }

  return {
    get available() {
      return relay !== undefined
    },
    send(input) {
      const signature = toBase58(getSignature(input.tx, 0))
      const key = `${input.userId}\u0000${signature}`
      const running = underway.get(key)
      if (running) return running
      const sent = sendOnce(input, signature).finally(() => underway.delete(key))
      underway.set(key, sent)
      return sent
    },
  }
}
