/**
 * Turns the chain's events into PubSub notifications: each block into slotNotification (and a
 * rootNotification per slot it finalizes), each account write into accountNotification and
 * programNotification, each landed transaction into signatureNotification and logsNotification —
 * every one held until its slot reaches the subscription's commitment (commitment-hold.ts).
 */
import type { Logger } from '../../lib/logger.js'
import type { LocalChain } from '../chain.js'
import type { ChainAccountEvent, ChainEvent, ChainTransactionEvent } from '../chain/chain-events.js'
import type { CommitmentStatus } from '../chain/slot-commitment.js'
import { isProgramAccountAllowed } from '../rpc/program-account-filter.js'
import { toNotificationAccount } from './account-notification.js'
import { createCommitmentHold } from './commitment-hold.js'
import { NOTIFICATION_METHODS, type SignatureSubscriptionSpec, type Subscription } from './subscription.js'
import type { SubscriptionRegistry } from './subscription-registry.js'

const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111'

export type ChainNotifier = {
  /** Answers a new signature subscription whose transaction (or airdrop) has landed already. */
  checkLanded(subscription: Subscription & SignatureSubscriptionSpec): void
  /** Stops listening to the chain. */
  stop(): void
}

/** Starts listening to `chain` for `registry`'s subscribers. */
export function createChainNotifier(chain: LocalChain, registry: SubscriptionRegistry, logger: Logger): ChainNotifier {
  const hold = createCommitmentHold(chain.getCommitment)
  // The newest finalized (rooted) block; until one is, the slot the finality depth puts it at.
  let root = chain.getSlot() > BigInt(chain.finalitySlots) ? chain.getSlot() - BigInt(chain.finalitySlots) : 0n

  const notify = (subscription: Subscription, result: unknown) =>
    subscription.owner.notify(NOTIFICATION_METHODS[subscription.kind], subscription.id, result)
  const withContext = (slot: bigint, value: unknown) => ({ context: { slot }, value })

  // Signature subscriptions whose one notification is on its way (held for its commitment): they
  // are not settled twice; they stay registered until it is sent, so an unsubscribe cancels it.
  const settled = new WeakSet<Subscription>()

  /** The signature's one notification; then the subscription ends, as Agave's does. */
  function settleSignature(subscription: Subscription & SignatureSubscriptionSpec, slot: bigint, err: unknown): void {
    settled.add(subscription)
    hold.hold(subscription, slot, () => {
      notify(subscription, withContext(slot, { err }))
      registry.remove(subscription.owner, subscription.id)
    })
  }

  function onBlock(slot: bigint, parent: bigint, finalizedSlots: readonly bigint[]): void {
    hold.release()
    for (const finalized of finalizedSlots) {
      root = finalized
      for (const subscription of registry.getRootSubscribers()) notify(subscription, finalized)
    }
    for (const subscription of registry.getSlotSubscribers()) notify(subscription, { parent, root, slot })
  }

  function onAccount(event: ChainAccountEvent): void {
    // Keyed by the address: a later write of it in the same slot replaces what waits for confirmed or finalized.
    const holdWrite = (subscription: Subscription & { commitment: CommitmentStatus }, value: () => unknown) =>
      hold.hold(subscription, event.slot, () => notify(subscription, withContext(event.slot, value())), event.address)
    for (const subscription of registry.getAccountSubscribers(event.address)) {
      if (subscription.kind !== 'account') continue
      holdWrite(subscription, () => toNotificationAccount(event.account, subscription.encoding, subscription.slice, chain.getAccount))
    }
    const account = event.account
    if (!account) return
    for (const subscription of registry.getProgramSubscribers(account.owner)) {
      if (subscription.kind !== 'program' || !subscription.filters.every((filter) => isProgramAccountAllowed(filter, account.data)))
        continue
      holdWrite(subscription, () => ({
        pubkey: event.address,
        account: toNotificationAccount(account, subscription.encoding, subscription.slice, chain.getAccount),
      }))
    }
  }

  function onTransaction(event: ChainTransactionEvent): void {
    for (const subscription of registry.getSignatureSubscribers(event.signature)) {
      if (subscription.kind !== 'signature' || settled.has(subscription)) continue
      // Received: the moment it reaches the node, whatever the commitment.
      if (subscription.receivedNotification) notify(subscription, withContext(event.slot, 'receivedSignature'))
      settleSignature(subscription, event.slot, event.err)
    }
    const isVote = event.accountKeys.includes(VOTE_PROGRAM as (typeof event.accountKeys)[number])
    for (const subscription of registry.getLogsSubscribers()) {
      if (subscription.kind !== 'logs') continue
      const filter = subscription.filter
      const matches = filter.kind === 'all' ? filter.votes || !isVote : event.accountKeys.includes(filter.address)
      if (!matches) continue
      hold.hold(subscription, event.slot, () =>
        notify(subscription, withContext(event.slot, { signature: event.signature, err: event.err, logs: event.logs })),
      )
    }
  }

  const stopListening = chain.listen((event: ChainEvent) => {
    // Listeners run inside the chain's send: a notification that fails must not fail the transaction.
    try {
      if (event.kind === 'block') onBlock(event.slot, event.parentSlot, event.finalizedSlots)
      else if (event.kind === 'account') onAccount(event)
      else onTransaction(event)
    } catch (err) {
      logger.error({ err, kind: event.kind }, 'pubsub notification failed')
    }
  })

  return {
    checkLanded(subscription) {
      const status = chain.getSignatureStatus(subscription.signature)
      if (!subscription.active || !status || settled.has(subscription)) return
      settleSignature(subscription, status.slot, status.err)
    },
    stop: stopListening,
  }
}
