/**
 * getRecentPerformanceSamples, in Agave's shape and limits (rpc.rs
 * `get_recent_performance_samples`: at most 720 samples, newest first; a larger limit answers
 * -32602 "Invalid limit; max 720"), from the chain's own sampler (chain/performance-samples.ts).
 */
import type { LocalChain } from '../../chain.js'
import { createPerformanceSamples, MAX_PERFORMANCE_SAMPLES } from '../../chain/performance-samples.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { toU64Param } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'

/** Starts sampling `chain` now, and answers from it. */
export function createPerformanceMethods(chain: LocalChain): RpcMethods {
  const samples = createPerformanceSamples(chain)
  return {
    getRecentPerformanceSamples(params) {
      const limit = params[0] === undefined || params[0] === null ? BigInt(MAX_PERFORMANCE_SAMPLES) : toU64Param(params[0])
      if (limit > BigInt(MAX_PERFORMANCE_SAMPLES)) throw createInvalidParamsError(`Invalid limit; max ${MAX_PERFORMANCE_SAMPLES}`)
      return samples.getRecent(Number(limit))
    },
  }
}
