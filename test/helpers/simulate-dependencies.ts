/**
 * SimulateDependencies over a running engine's account cache and chain tracker, for tests that
 * hand simulateTransaction something the engine does not wire itself (the relay's tips). The SVM
 * is a fresh one of the test's own, fed from the same cache; the vectors are the real ones over
 * the engine's blacklist and cache (no geyser-fed source). Priority fees are a fixed answer: the
 * tests using this do not look at them.
 */
import { createNativeSvm, setNativeClock } from '../../lib/native-svm.js'
import type { Engine } from '../../engine/engine.js'
import type { SourcedPriorityFees } from '../../engine/detection/fees/priority-fee-source.js'
import type { SimulateDependencies } from '../../engine/hot-path/simulate/simulate-transaction.js'
import { createAddressNamer } from '../../engine/hot-path/state/address-names.js'
import { createSvmState } from '../../engine/hot-path/svm/svm-state.js'
import { getBannedTokens } from '../../engine/detection/tokens/banned-tokens.js'
import { ESTABLISHED_MINTS } from '../../engine/detection/tokens/established-mints.js'
import { createTokenSymbols } from '../../engine/detection/tokens/token-symbols.js'
import type { ReadSources } from '../../engine/detection/vectors/read-sources.js'
import { createDetector } from '../../engine/detection/vectors/run-detection.js'

const NO_PRIORITY_FEES: SourcedPriorityFees = Object.freeze({
  source: 'rpc',
  fees: Object.freeze({ low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }),
})

/** Dependencies reading `engine`'s cache and chain, with `extra` (e.g. `tips`) added. */
export function createSimulateDependencies(engine: Engine, extra: Partial<SimulateDependencies> = {}): SimulateDependencies {
  const svm = createNativeSvm()
  if (engine.chain.clock) setNativeClock(svm, engine.chain.clock)
  const sources: ReadSources = {
    accounts: engine.cache,
    programBlacklist: engine.blacklist,
    tenantBlocks: undefined,
    poolActivity: undefined,
    upcomingLeaderRate: undefined,
    tokenSymbols: createTokenSymbols({ cache: engine.cache }),
    poolLiquidity: undefined,
    bannedTokens: getBannedTokens(),
    counterparties: undefined,
    establishedMints: ESTABLISHED_MINTS,
  }
  return {
    svm,
    svmState: createSvmState(svm),
    cache: engine.cache,
    chain: engine.chain,
    priorityFees: { get: () => NO_PRIORITY_FEES, invalidate: () => undefined },
    name: createAddressNamer(10_000),
    getDecimals: () => undefined,
    sources,
    detector: createDetector(sources),
    ...extra,
  }
}
