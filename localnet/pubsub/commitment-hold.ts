/**
 * Notifications waiting for their subscription's commitment: an event of slot S goes out at once
 * for `processed`, when the next block opens for `confirmed`, and `finalitySlots` later for
 * `finalized` — the same slot-commitment rule getSignatureStatuses and the geyser slot updates
 * follow, so all three tell one story. Queues are in event order, and slots only grow, so a
 * release takes from the front.
 */
import { isAtLeast, type CommitmentStatus, type SlotCommitment } from '../chain/slot-commitment.js'
import type { Subscription } from './subscription.js'

type Held = { readonly subscription: Subscription; readonly slot: bigint; readonly deliver: () => void }

export type CommitmentHold = {
  /** Delivers now if `slot` has reached the subscription's commitment, else when it does. */
  hold(subscription: Subscription & { commitment: CommitmentStatus }, slot: bigint, deliver: () => void): void
  /** Delivers what has reached its commitment (call when a block opens). */
  release(): void
}

/** Creates the hold over the chain's commitment of a slot now. */
export function createCommitmentHold(getCommitment: (slot: bigint) => SlotCommitment): CommitmentHold {
  const queues: Record<'confirmed' | 'finalized', Held[]> = { confirmed: [], finalized: [] }

  function send(held: Held): void {
    held.subscription.owner.releaseOne()
    // Unsubscribed (or its connection closed) while it waited: dropped.
    if (held.subscription.active) held.deliver()
  }

  return {
    hold(subscription, slot, deliver) {
      const wanted = subscription.commitment
      if (wanted === 'processed' || isAtLeast(getCommitment(slot).status, wanted)) return deliver()
      // Over the connection's bound: the owner closes the connection, nothing is kept.
      if (!subscription.owner.holdOne()) return
      queues[wanted].push({ subscription, slot, deliver })
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
