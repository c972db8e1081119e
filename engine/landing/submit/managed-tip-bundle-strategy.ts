/**
 * `managed_tip_bundle`: the caller's transaction, unchanged, bundled with a tip transaction the
 * service's tip wallet signs (TIP_WALLET_KEYPAIR); lint, relay queue and tracking are the bundle
 * sender's. The tip is the caller's `tip_lamports`, else the p75 of the tips landed.
 */
import type { BundleSender } from '../bundle/bundle-sender.js'
import type { SubmitStrategy } from './submit-strategy.js'

export function createManagedTipBundleStrategy(bundles: BundleSender): SubmitStrategy {
  return {
    name: 'managed_tip_bundle',
    async submit(request) {
      const sent = await bundles.send({
        tx: request.tx,
        userId: request.userId,
        cardOnFile: request.cardOnFile,
        kind: 'submit',
        strategy: 'managed_tip_bundle',
        prediction: request.prediction,
        tipMode: 'managed',
        ...(request.tipLamports === undefined ? {} : { tipLamports: request.tipLamports }),
        ...(request.deadlineMs === undefined ? {} : { deadlineMs: request.deadlineMs }),
      })
      return { record: sent.record, bundleLint: sent.lint, managedTipLamports: sent.managedTipLamports }
    },
  }
}
