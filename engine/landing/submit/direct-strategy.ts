/**
 * `direct` and `staked_sender`: the transaction alone, sent over JSON-RPC and rebroadcast until it
 * lands or expires — through the public endpoints (SEND_RPC_URLS) or the staked ones only
 * (SEND_STAKED_RPC_URLS, billed: a staked connection's bandwidth is what lands in congestion).
 */
import { createServiceError } from '../../../lib/errors.js'
import { SEND_LIMITS } from '../../contract/send-response.js'
import type { TransactionSubmitter } from '../send/transaction-submitter.js'
import type { SubmitStrategy } from './submit-strategy.js'

export function createDirectStrategy(submitter: TransactionSubmitter): SubmitStrategy {
  return {
    name: 'direct',
    async submit(request) {
      const record = await submitter.submit({
        tx: request.tx,
        userId: request.userId,
        kind: 'submit',
        strategy: 'direct',
        endpoints: 'public',
        prediction: request.prediction,
        maxRetries: SEND_LIMITS.defaultMaxRetries,
      })
      return { record, bundleLint: [], managedTipLamports: null }
    },
  }
}

export function createStakedSenderStrategy(submitter: TransactionSubmitter, hasStakedEndpoints: boolean): SubmitStrategy {
  return {
    name: 'staked_sender',
    async submit(request) {
      if (!hasStakedEndpoints) {
        throw createServiceError(
          'relay_unavailable',
          'staked_sender: no staked endpoint is configured (SEND_STAKED_RPC_URLS); nothing was sent.',
        )
      }
      const record = await submitter.submit({
        tx: request.tx,
        userId: request.userId,
        kind: 'submit',
        strategy: 'staked_sender',
        endpoints: 'staked',
        prediction: request.prediction,
        maxRetries: SEND_LIMITS.defaultMaxRetries,
      })
      return { record, bundleLint: [], managedTipLamports: null }
    },
  }
}
