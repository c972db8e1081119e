/**
 * Signatures sent and not yet seen in getSignatureStatuses. Bounded: a status that never shows
 * up is given up after `expireMs` (a blockhash lives ~60 s), and past `maxPending` the oldest
 * is given up at once, so memory stays flat whatever the chain does.
 */
import type { Rpc, Signature, SolanaRpcApi } from '@solana/kit'
import type { TrafficKind } from './traffic-plan.js'

type Kind = Exclude<TrafficKind, 'swap'>

/** Agave's limit on getSignatureStatuses. */
const MAX_SIGNATURES_PER_CALL = 256

export type SignatureTracker = {
  add(signature: Signature, kind: Kind, sentAtMs: number): void
  /** One getSignatureStatuses round over the oldest pending signatures. */
  poll(nowMs: number, abortSignal: AbortSignal): Promise<void>
  size(): number
}

export function createSignatureTracker(options: {
  rpc: Rpc<SolanaRpcApi>
  expireMs: number
  maxPending: number
  /** err null: landed; otherwise it landed as failed. */
  onSettled(kind: Kind, err: unknown): void
  onExpired(kind: Kind): void
}): SignatureTracker {
  // Insertion order is send order, so the first entries are the oldest.
  const pending = new Map<Signature, { kind: Kind; sentAtMs: number }>()
  return {
    add(signature, kind, sentAtMs) {
      pending.set(signature, { kind, sentAtMs })
      if (pending.size > options.maxPending) {
        const [oldest, entry] = pending.entries().next().value as [Signature, { kind: Kind }]
        pending.delete(oldest)
        options.onExpired(entry.kind)
      }
    },
    async poll(nowMs, abortSignal) {
      const batch = [...pending.keys()].slice(0, MAX_SIGNATURES_PER_CALL)
      if (batch.length === 0) return
      const { value } = await options.rpc.getSignatureStatuses(batch).send({ abortSignal })
      batch.forEach((signature, i) => {
        const entry = pending.get(signature)
        if (!entry) return
        const status = value[i]
        if (status) {
          pending.delete(signature)
          options.onSettled(entry.kind, status.err)
        } else if (nowMs - entry.sentAtMs > options.expireMs) {
          pending.delete(signature)
          options.onExpired(entry.kind)
        }
      })
    },
    size: () => pending.size,
  }
}
