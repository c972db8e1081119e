/**
 * Follows every sent transaction until it is final: rebroadcasts it to every endpoint every
 * `rebroadcastMs` while it has not landed (never one sent in a relay bundle), reads where it stands
 * from the geyser stream (its transaction update, then the commitment of its slot) with
 * `getSignatureStatuses` as the fallback and safety net, calls it expired once its blockhash's last
 * valid block height has passed (never a durable-nonce transaction), and, once landed, compares what
 * it did with the prediction it was sent on. Each change is written to the store and told to the
 * listeners. Records a crashed process left unresolved are claimed from the store (their lease ran
 * out) and resolved here.
 */
import { toBase58 } from '../../../lib/base58.js'
import type { Logger } from '../../../lib/logger.js'
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import { FINAL_TRACKING_STATUSES, type TrackedTransaction, type TrackingStatus } from '../../contract/transaction-tracking.js'
import { decodeWireTransaction, getStaticKey } from '../../hot-path/decode/wire-transaction.js'
import { isDurableNonceTransaction } from '../../hot-path/svm/check-blockhash.js'
import type { GeyserTransactionUpdate } from '../../hot-path/geyser/geyser-subscription.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { getEndpointSetName, type EndpointSets } from '../send/endpoint-sets.js'
import { compareOutcome } from './compare-outcome.js'
import { fromGeyserTransaction, type LandedResult } from './landed-result.js'
import { getLandedResult, getSignatureStatuses, type SignatureStatus } from './signature-status-reader.js'
import { toTrackedTransaction, type TrackingPatch, type TrackingRecord, type TrackingStore } from './tracking-record.js'

export interface TransactionTrackerOptions {
  store: TrackingStore
  /** Where records are rebroadcast: each to the set its call used (endpoint-sets.ts). */
  endpoints: EndpointSets
  /** Reads statuses and landed transactions. */
  rpc: JsonRpcClient
  /** The chain's current block height (undefined: not known yet). */
  getBlockHeight: () => number | undefined
  /** The chain tracker's view of a blockhash (base58). */
  getBlockhashStatus: (blockhash: string) => 'valid' | 'expired' | 'unknown'
  /** The node's answer for a blockhash the tracker does not know (isBlockhashValid). */
  isBlockhashValid: (blockhash: string) => Promise<boolean>
  rebroadcastMs: number
  /** Status reads while no stream is live. */
  pollMs: number
  leaseMs: number
  isStreamLive: () => boolean
  /** Asks the stream for the transactions of `address` (the fee payer), or stops asking. */
  watchAccount?: (address: string, watch: boolean) => void
  logger: Logger
}

/** What a new tracking starts from: the record to store, and how to follow it. */
export interface TrackRequest {
  record: TrackingRecord
  /** The fee payer (base58): the stream is asked for its transactions. */
  payer: string
  /** The blockhash (base58); null for a durable-nonce transaction. */
  blockhash: string | null
}

interface Entry {
  signature: string
  base64: string
  payer: string
  blockhash: string | null
  /** One record per user who sent it (usually one). */
  records: Map<string, TrackingRecord>
  lastBroadcastMs: number
  landed: LandedResult | null
  /** A confirmed or final status waiting for the landed transaction to be read (its outcome comes with it). */
  held: TrackingStatus | null
  outcomeReads: number
  /** Landed with an error (known from a status or the landed result). */
  failed: boolean
  error: TransactionErrorJson | null
  /** Serializes the store writes of this signature. */
  writing: Promise<void>
  waiters: Set<() => void>
}

const RANK: Record<TrackingStatus, number> = { pending: 0, processed: 1, confirmed: 2, finalized: 3, failed: 3, expired: 3, dropped: 3 }
/** Statuses a `wait_confirmation` waits for: confirmed, or any final one. */
const SETTLED = new Set<TrackingStatus>(['confirmed', ...FINAL_TRACKING_STATUSES])
const CLAIM_BATCH = 100
/** The store's limit on a drop reason (a relay's message may be longer). */
const MAX_DROP_REASON_LENGTH = 2_000
/** getTransaction reads of a landed transaction before its outcome is given up. */
const MAX_OUTCOME_READS = 20

function needsOutcome(entry: { records: Map<string, TrackingRecord> }): boolean {
  for (const record of entry.records.values()) if (record.prediction && !record.outcome) return true
  return false
}

export interface TransactionTracker {
  /** Starts following a transaction the endpoints accepted; returns the stored record (the first one when it was already tracked). */
  track(request: TrackRequest): Promise<{ record: TrackingRecord; created: boolean }>
  /** The record in memory while followed, else from the store. */
  get(userId: string, signature: string): Promise<TrackingRecord | null>
  /** Resolves with the user's record once it is confirmed, final, or `timeoutMs` passed. */
  waitSettled(userId: string, signature: string, timeoutMs: number): Promise<TrackingRecord | null>
  /** A transaction update from the geyser stream (only tracked signatures are read). */
  onStreamTransaction(update: GeyserTransactionUpdate): void
  /** A slot's commitment from the geyser stream. */
  onStreamSlot(slot: number, status: string): void
  onUpdate(listener: (userId: string, transaction: TrackedTransaction) => void): () => void
  /** The bundles followed that have not landed: what the bundle watcher asks the relay about. */
  listRelayBundles(): Array<{ signature: string; bundleId: string }>
  /** The relay will not land `signature`'s bundle: `dropped` with the reason, unless it has landed already. */
  drop(signature: string, drop: { reason: string; error: TransactionErrorJson | null }): void
  /**
   * auto_direct's escalation: the user's record, sent directly and not landed, now travels in a
   * relay bundle (route relay_bundle, the bundle id, the managed tip); null when it is not followed.
   */
  escalate(
    userId: string,
    signature: string,
    relay: { relayBundleId: string; tipLamports: bigint | null; endpoint: string },
  ): Promise<TrackingRecord | null>
  /** Transactions followed now. */
  readonly size: number
  start(): void
  /** Stops the timers and waits for the store writes under way. */
  stop(): Promise<void>
}

/** Creates the tracker; `start()` begins the timers and claims what an earlier process left. */
export function createTransactionTracker(options: TransactionTrackerOptions): TransactionTracker {
  const { store, endpoints, rpc, logger } = options
  const entries = new Map<string, Entry>()
  const listeners = new Set<(userId: string, transaction: TrackedTransaction) => void>()
  let confirmedSlot = 0
  let finalizedSlot = 0
  let timer: NodeJS.Timeout | undefined
  let claimTimer: NodeJS.Timeout | undefined
  let polling = false
  let lastPollMs = 0
  let lastHeartbeatMs = 0
  let stopped: Promise<void> | undefined

  function getStatus(entry: Entry): TrackingStatus {
    return (entry.records.values().next().value as TrackingRecord).status
  }

  function persist(entry: Entry, record: TrackingRecord, patch: TrackingPatch): void {
    const final = FINAL_TRACKING_STATUSES.has(record.status)
    entry.writing = entry.writing
      .then(() => store.update(record.userId, record.signature, patch, final ? 0 : options.leaseMs))
      .catch((error: unknown) => logger.warn({ err: error, signature: record.signature }, 'tracking write failed'))
  }

  /** Applies `patch` to every owner's record, stores it and tells listeners; forgets the entry once final. */
  function change(entry: Entry, patch: TrackingPatch): void {
    for (const record of entry.records.values()) {
      Object.assign(record, patch, { updatedAtMs: Date.now() })
      // Rebroadcasts change attempts and endpoints in memory only: they go with each status write.
      const written: TrackingPatch = { ...patch, attempts: record.attempts, endpoints: record.endpoints }
      if (record.outcome) written.outcome = record.outcome
      persist(entry, record, written)
      const view = toTrackedTransaction(record)
      for (const listener of listeners) listener(record.userId, view)
    }
    const status = getStatus(entry)
    if (SETTLED.has(status)) for (const wake of entry.waiters) wake()
    if (FINAL_TRACKING_STATUSES.has(status)) {
      entries.delete(entry.signature)
      options.watchAccount?.(entry.payer, false)
    }
  }

  function commitmentOf(slot: number): TrackingStatus {
    if (slot <= finalizedSlot) return 'finalized'
    if (slot <= confirmedSlot) return 'confirmed'
    return 'processed'
  }

  /**
   * Moves an entry forward (never back) to `status` at `slot`; `err` or a failed landed result
   * make it `failed` once its slot is confirmed. The first landed result gives each owner's outcome.
   */
  function advance(
    entry: Entry,
    status: TrackingStatus,
    slot: number,
    err: TransactionErrorJson | null,
    landed: LandedResult | null,
  ): void {
    const current = getStatus(entry)
    if (FINAL_TRACKING_STATUSES.has(current)) return
    if (landed && !entry.landed) entry.landed = landed
    if (err !== null) entry.error = err
    if (err !== null || landed?.failed === true) entry.failed = true
    let next: TrackingStatus = entry.failed && status !== 'processed' ? 'failed' : status
    let outcomes = false
    if (entry.landed) {
      for (const record of entry.records.values()) {
        if (!record.prediction || record.outcome) continue
        record.outcome = compareOutcome(record.prediction, entry.landed)
        outcomes = true
      }
    } else if (RANK[next] >= RANK.confirmed && needsOutcome(entry) && entry.outcomeReads < MAX_OUTCOME_READS) {
      // Confirmed (the write that queues transaction.landed) and final only with the outcome: held
      // at processed until the landed transaction is read (tend), then written together.
      if (entry.held === null || RANK[next] > RANK[entry.held]) entry.held = next
      next = 'processed'
    }
    const patch: TrackingPatch = {}
    if (RANK[next] > RANK[current]) {
      patch.status = next
      patch.landedSlot = slot
    }
    if (entry.error !== null) patch.transactionError = entry.error
    if (patch.status === undefined && !outcomes) return
    change(entry, patch)
    if (patch.status === 'failed' && entry.error === null) void readFailure(entry)
  }

  /** The JSON error of a failure the stream reported (its bytes are bincode). */
  async function readFailure(entry: Entry): Promise<void> {
    try {
      const [status] = await getSignatureStatuses(rpc, [entry.signature], true)
      if (status?.err) {
        for (const record of entry.records.values()) {
          record.transactionError = status.err
          persist(entry, record, { transactionError: status.err })
        }
      }
    } catch (error) {
      logger.debug({ err: error, signature: entry.signature }, 'reading a failure failed')
    }
  }

  function applyStatus(entry: Entry, status: SignatureStatus): void {
    if (status.commitment === 'confirmed' && status.slot > confirmedSlot) confirmedSlot = status.slot
    if (status.commitment === 'finalized' && status.slot > finalizedSlot) finalizedSlot = status.slot
    advance(entry, status.commitment, status.slot, status.err, null)
  }

  /**
   * Whether it can no longer land: past its last valid block height, or its blockhash known
   * expired; when the chain tracker does not know the blockhash, the node is asked
   * (`isBlockhashValid`, which is that same height check) — only when a rebroadcast is due.
   */
  async function isExpired(entry: Entry, due: boolean): Promise<boolean> {
    if (entry.blockhash === null) return false
    const lastValid = (entry.records.values().next().value as TrackingRecord).lastValidBlockHeight
    const height = options.getBlockHeight()
    if (lastValid !== null && height !== undefined && height > lastValid) return true
    const known = options.getBlockhashStatus(entry.blockhash)
    if (known !== 'unknown' || !due) return known === 'expired'
    return !(await options.isBlockhashValid(entry.blockhash))
  }

  /** One pending or landed entry's turn: its outcome still to read, or its expiry and rebroadcast. */
  async function tend(entry: Entry, now: number): Promise<void> {
    const status = getStatus(entry)
    const record = entry.records.values().next().value as TrackingRecord
    if (status !== 'pending') {
      if (!entry.landed && needsOutcome(entry)) {
        entry.outcomeReads++
        const landed = await getLandedResult(rpc, entry.signature).catch(() => null)
        if (landed) advance(entry, entry.held ?? status, landed.slot, landed.transactionError, landed)
        // The node keeps no ledger for it: final without an outcome.
        else if (entry.held && entry.outcomeReads >= MAX_OUTCOME_READS) advance(entry, entry.held, record.landedSlot ?? 0, null, null)
      }
      return
    }
    const due = now - entry.lastBroadcastMs >= options.rebroadcastMs
    if (await isExpired(entry, due)) {
      // The last word: the node's ledger, in case it landed while the stream was away.
      const [final] = await getSignatureStatuses(rpc, [entry.signature], true)
      if (final) applyStatus(entry, final)
      else change(entry, { status: 'expired' })
      return
    }
    if (!due) return
    // A bundle is never rebroadcast to the RPC endpoints: its transaction reaching the public
    // mempool outside its bundle would undo the bundle's MEV protection. The relay's view of it
    // (Failed, Invalid: dropped) is read by the bundle watcher (engine/landing/bundle/bundle-watcher.ts).
    if (record.route === 'relay_bundle') entry.lastBroadcastMs = now
    else await rebroadcast(entry, now)
  }

  async function rebroadcast(entry: Entry, now: number): Promise<void> {
    entry.lastBroadcastMs = now
    const record = entry.records.values().next().value as TrackingRecord
    const sent = await endpoints[getEndpointSetName(record.strategy)].broadcast(entry.base64)
    const hosts = new Set(record.endpoints)
    for (const host of sent.accepted) hosts.add(host)
    const attempts = record.attempts + sent.attempts
    for (const owned of entry.records.values()) {
      owned.attempts = attempts
      owned.endpoints = [...hosts]
    }
  }

  /** One turn: statuses (always without a stream, each rebroadcast period beside one), outcomes still to read, expiries, rebroadcasts. */
  async function poll(): Promise<void> {
    if (polling || entries.size === 0) return
    polling = true
    try {
      const now = Date.now()
      const dueByStream = now - lastPollMs >= options.rebroadcastMs
      if (!options.isStreamLive() || dueByStream) {
        lastPollMs = now
        const list = [...entries.values()]
        const statuses = await getSignatureStatuses(
          rpc,
          list.map((entry) => entry.signature),
        )
        list.forEach((entry, i) => {
          const status = statuses[i]
          if (status) applyStatus(entry, status)
        })
      }
      // Side by side: one slow endpoint or read must not hold the others' rebroadcasts back.
      await Promise.all(
        [...entries.values()].map((entry) =>
          tend(entry, now).catch((error: unknown) => logger.debug({ err: error, signature: entry.signature }, 'tracking turn failed')),
        ),
      )
      if (now - lastHeartbeatMs >= options.leaseMs / 3) {
        lastHeartbeatMs = now
        for (const entry of entries.values()) {
          for (const record of entry.records.values()) persist(entry, record, { attempts: record.attempts, endpoints: record.endpoints })
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'tracking poll failed')
    } finally {
      polling = false
    }
  }

  function follow(record: TrackingRecord, payer: string, blockhash: string | null): void {
    const existing = entries.get(record.signature)
    if (existing) {
      existing.records.set(record.userId, record)
      return
    }
    entries.set(record.signature, {
      signature: record.signature,
      base64: Buffer.from(record.wireTransaction).toString('base64'),
      payer,
      blockhash,
      records: new Map([[record.userId, record]]),
      lastBroadcastMs: Date.now(),
      landed: null,
      held: null,
      outcomeReads: 0,
      failed: false,
      error: null,
      writing: Promise.resolve(),
      waiters: new Set(),
    })
    options.watchAccount?.(payer, true)
  }

  /** Takes over records an earlier (or crashed) process left unresolved. */
  async function claim(): Promise<void> {
    try {
      const claimed = await store.claimUnresolved(options.leaseMs, CLAIM_BATCH)
      for (const record of claimed) {
        const facts = getRecordFacts(record.wireTransaction)
        follow(record, facts.payer, facts.blockhash)
      }
      if (claimed.length > 0) {
        logger.info({ count: claimed.length }, 'resuming tracked transactions')
        void poll()
      }
    } catch (error) {
      logger.warn({ err: error }, 'claiming unresolved transactions failed')
    }
  }

  return {
    listRelayBundles() {
      const bundles: Array<{ signature: string; bundleId: string }> = []
      for (const entry of entries.values()) {
        if (getStatus(entry) !== 'pending') continue
        for (const record of entry.records.values()) {
          if (record.route === 'relay_bundle' && record.relayBundleId)
            bundles.push({ signature: entry.signature, bundleId: record.relayBundleId })
        }
      }
      return bundles
    },
    drop(signature, { reason, error }) {
      const entry = entries.get(signature)
      // Landed meanwhile (a direct send of the same transaction, or the stream ahead of the relay): not dropped.
      if (!entry || getStatus(entry) !== 'pending') return
      change(entry, { status: 'dropped', dropReason: reason.slice(0, MAX_DROP_REASON_LENGTH), transactionError: error })
    },
    async escalate(userId, signature, relay) {
      const entry = entries.get(signature)
      const record = entry?.records.get(userId)
      if (!entry || !record) return null
      const endpointsUsed = record.endpoints.includes(relay.endpoint) ? record.endpoints : [...record.endpoints, relay.endpoint]
      // This user's record only: another user following the same signature did not ask for (or pay) the tip.
      const patch: TrackingPatch = {
        route: 'relay_bundle',
        relayBundleId: relay.relayBundleId,
        tipLamports: relay.tipLamports,
        endpoints: endpointsUsed,
        attempts: record.attempts + 1,
      }
      Object.assign(record, patch, { updatedAtMs: Date.now() })
      persist(entry, record, patch)
      const view = toTrackedTransaction(record)
      for (const listener of listeners) listener(record.userId, view)
      return { ...record }
    },
    async track({ record, payer, blockhash }) {
      const result = await store.create(record, options.leaseMs)
      if (!result.created) return result
      follow(record, payer, blockhash)
      return { record: { ...record }, created: true }
    },
    async get(userId, signature) {
      const followed = entries.get(signature)?.records.get(userId)
      return followed ? { ...followed } : store.get(userId, signature)
    },
    async waitSettled(userId, signature, timeoutMs) {
      const entry = entries.get(signature)
      const record = entry?.records.get(userId)
      if (!entry || !record || SETTLED.has(record.status)) return this.get(userId, signature)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timeout)
          entry.waiters.delete(done)
          resolve()
        }
        const timeout = setTimeout(done, timeoutMs)
        entry.waiters.add(done)
      })
      return { ...record }
    },
    onStreamTransaction(update) {
      const bytes = update.transaction?.signature
      if (!bytes || entries.size === 0) return
      const entry = entries.get(toBase58(bytes))
      if (!entry) return
      const landed = fromGeyserTransaction(update)
      if (!landed) return
      advance(entry, commitmentOf(landed.slot), landed.slot, null, landed)
    },
    onStreamSlot(slot, status) {
      if (status === 'confirmed' && slot > confirmedSlot) confirmedSlot = slot
      else if (status === 'finalized' && slot > finalizedSlot) finalizedSlot = slot
      else return
      for (const entry of [...entries.values()]) {
        const record = entry.records.values().next().value as TrackingRecord
        if (record.landedSlot === null || record.status === 'pending') continue
        const next = commitmentOf(record.landedSlot)
        if (RANK[next] > RANK[record.status]) advance(entry, next, record.landedSlot, null, null)
      }
    },
    onUpdate(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get size() {
      return entries.size
    },
    start() {
      if (timer) return
      timer = setInterval(() => void poll(), Math.min(options.pollMs, options.rebroadcastMs))
      timer.unref()
      void claim()
      claimTimer = setInterval(() => void claim(), Math.max(250, Math.floor(options.leaseMs / 2)))
      claimTimer.unref()
    },
    async stop() {
      if (stopped) return stopped
      clearInterval(timer)
      clearInterval(claimTimer)
      timer = undefined
      // What is still unresolved is released (lease 0), not abandoned: the next engine, or this
      // one restarted, claims it at once instead of waiting for the lease to run out.
      stopped = Promise.all(
        [...entries.values()].map((entry) => {
          for (const record of entry.records.values()) {
            entry.writing = entry.writing
              .then(() => store.update(record.userId, record.signature, { attempts: record.attempts, endpoints: record.endpoints }, 0))
              .catch((error: unknown) => logger.warn({ err: error, signature: record.signature }, 'releasing a tracking record failed'))
          }
          return entry.writing
        }),
      ).then(() => entries.clear())
      return stopped
    },
  }
}

/** The fee payer and blockhash (null for a durable nonce) of a stored wire transaction. */
export function getRecordFacts(wire: Uint8Array): { payer: string; blockhash: string | null } {
  const tx = decodeWireTransaction(wire)
  return { payer: toBase58(getStaticKey(tx, 0)), blockhash: isDurableNonceTransaction(tx) ? null : toBase58(tx.recentBlockhash) }
}
