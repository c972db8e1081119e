/**
 * `auto_direct`: free while the chain is calm, a bundle when it is not. The transaction goes out
 * as `direct` does; when it has not landed within AUTO_DIRECT_SLOTS slots it is escalated to a
 * managed-tip bundle (the same record, now on route relay_bundle with the bundle id and the tip).
 * The call answers once it has landed directly or been handed to the relay. A caller whose plan
 * pays no managed tip (the free plan, by default) is never escalated: auto_direct is then direct;
 * nor is one whose managed tips of the day reached the daily cap.
 */
import type { BundleSender } from '../bundle/bundle-sender.js'
import type { ChainTracker } from '../../hot-path/state/chain-tracker.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'
import { SEND_LIMITS } from '../../contract/send-response.js'
import { isServiceError } from '../../../lib/errors.js'
import type { TransactionSubmitter } from '../send/transaction-submitter.js'
import type { SubmitStrategy } from './submit-strategy.js'
import type { ManagedTipBudget } from '../bundle/managed-tip-budget.js'

export interface AutoDirectOptions {
  submitter: TransactionSubmitter
  bundles: BundleSender
  tracker: TransactionTracker
  chain: Pick<ChainTracker, 'slot'>
  /** Whether the caller's plan lets the tip wallet pay the escalation's tip. */
  budget: Pick<ManagedTipBudget, 'allows'>
  /** Slots the direct send may take to land. */
  slots: number
  /** How long a slot may take before the wait gives up on the chain's clock (a stalled chain must not hold the call). */
  maxSlotMs?: number
}

const CHECK_MS = 50
/** Three times mainnet's target slot time. */
const MAX_SLOT_MS = 1_200

export function createAutoDirectStrategy(options: AutoDirectOptions): SubmitStrategy {
  const { submitter, bundles, tracker, chain, budget } = options

  /** Whether the record left `pending` within the slots allowed. */
  async function landsDirectly(userId: string, signature: string): Promise<boolean> {
    const untilSlot = chain.slot + options.slots
    const untilMs = Date.now() + options.slots * (options.maxSlotMs ?? MAX_SLOT_MS)
    while (chain.slot < untilSlot && Date.now() < untilMs) {
      const record = await tracker.get(userId, signature)
      if (record && record.status !== 'pending') return true
      await new Promise((resolve) => setTimeout(resolve, CHECK_MS))
    }
    const record = await tracker.get(userId, signature)
    return record !== null && record.status !== 'pending'
  }

  return {
    name: 'auto_direct',
    async submit(request) {
      const record = await submitter.submit({
        tx: request.tx,
        userId: request.userId,
        kind: 'submit',
        strategy: 'auto_direct',
        endpoints: 'public',
        prediction: request.prediction,
        maxRetries: SEND_LIMITS.defaultMaxRetries,
      })
      // Already on its way by a bundle (a repeat of an escalated call), or it cannot land any more.
      if (record.route === 'relay_bundle' || record.status !== 'pending' || record.attempts === 0) {
        return { record, bundleLint: [], managedTipLamports: record.tipLamports }
      }
      // A plan the tip wallet pays nothing for never escalates: auto_direct is then direct.
      if (!budget.allows({ userId: request.userId, cardOnFile: request.cardOnFile })) {
        return { record, bundleLint: [], managedTipLamports: null }
      }
      if (await landsDirectly(request.userId, record.signature)) {
        return { record: (await tracker.get(request.userId, record.signature)) ?? record, bundleLint: [], managedTipLamports: null }
      }
      const sent = await bundles
        .send({
          tx: request.tx,
          userId: request.userId,
          cardOnFile: request.cardOnFile,
          kind: 'submit',
          strategy: 'auto_direct',
          prediction: request.prediction,
          tipMode: 'managed',
          escalating: true,
          ...(request.tipLamports === undefined ? {} : { tipLamports: request.tipLamports }),
          ...(request.deadlineMs === undefined ? {} : { deadlineMs: request.deadlineMs }),
        })
        .catch((error: unknown) => {
          // The day's tips are spent: the transaction is out on the direct route already, and stays there.
          if (isServiceError(error, 'tip_budget_exceeded')) return undefined
          throw error
        })
      if (!sent)
        return { record: (await tracker.get(request.userId, record.signature)) ?? record, bundleLint: [], managedTipLamports: null }
      return { record: sent.record, bundleLint: sent.lint, managedTipLamports: sent.managedTipLamports }
    },
  }
}
