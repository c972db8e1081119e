/**
 * Notifications waiting for their subscription's commitment: an event of slot S goes out at once
 * for `processed`, when the next block opens for `confirmed`, and `finalitySlots` later for
 * `finalized` — the same slot-commitment rule getSignatureStatuses and the geyser slot updates
 * follow, so all three tell one story. Queues are in event order, and slots only grow, so a
 * release takes from the front. A held account state is replaced by a later write of the same
 * account in the same slot: a bank at confirmed or finalized holds the state as of the end of its
 * slot, and Agave notifies that state once per slot.
 */
import { isAtLeast, type CommitmentStatus, type SlotCommitment } from '../chain/slot-commitment.js'
import type { Subscription } from './subscription.js'

type Held = { readonly subscription: Subscription; readonly slot: bigint; deliver: () => void; readonly key: string | undefined }

export type CommitmentHold = {
  /**
   * Delivers now if `slot` has reached the subscription's commitment, else when it does. With a
   * `key` (an account's address), it replaces what the subscription holds for that key in the same slot.
   */
  hold(subscription: Subscription & { commitment: CommitmentStatus }, slot: bigint, deliver: () => void, key?: string): void
  /** Delivers what has reached its commitment (call when a block opens). */
  release(): void
}

/** Creates the hold over the chain's commitment of a slot now. */
export function createCommitmentHold(getCommitment: (slot: bigint) => SlotCommitment): CommitmentHold {
  const queues: Record<'confirmed' | 'finalized', Held[]> = { confirmed: [], finalized: [] }
  // The newest held notification of each (subscription, key): the one a later write of its slot replaces.
  const latest = new WeakMap<Subscription, Map<string, Held>>()

  function send(held: Held): void {
    if (held.key !== undefined) {
      const byKey = latest.get(held.subscription)
      if (byKey?.get(held.key) === held) byKey.delete(held.key)
    }
    held.subscription.owner.releaseOne()
    // Unsubscribed (or its connection closed) while it waited: dropped.
    if (held.subscription.active) held.deliver()
  }

  return {
    hold(subscription, slot, deliver, key) {
      const wanted = subscription.commitment
      if (wanted === 'processed' || isAtLeast(getCommitment(slot).status, wanted)) return deliver()
      let byKey: Map<string, Held> | undefined
      if (key !== undefined) {
        byKey = latest.get(subscription)
        const same = byKey?.get(key)
        if (same && same.slot === slot) {
          same.deliver = deliver
          return
        }
      }
      // Over the connection's bound: the owner closes the connection, nothing is kept.
      if (!subscription.owner.holdOne()) return
      const held: Held = { subscription, slot, deliver, key }
      queues[wanted].push(held)
      if (key === undefined) return
      if (!byKey) latest.set(subscription, (byKey = new Map<string, Held>()))
      byKey.set(key, held)
    },
    release() {
      for (const level of ['confirmed', 'finalized'] as const) {
        const queue = queues[level]
        let taken = 0
        while (taken < queue.length && isAtLeast(getCommitment((queue[taken] as Held).slot).status, level)) taken++
        if (taken === 0) continue
        for (const held of queue.splice(0, taken)) send(held)
      }
    },
  }
}
