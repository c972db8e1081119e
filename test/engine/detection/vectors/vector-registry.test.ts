/**
 * The detection-vector registry: every requestable vector is registered once, each declares only
 * read sources that exist, and the registry's order is the order the response lists advice in
 * (the simulation's first, the price last). What a recorded simulation reads of each source is
 * tested in test/engine/hot-path/simulate/result-cache.test.ts.
 */
import t from 'tap'
import { VECTORS } from '../../../../engine/contract/vectors.js'
import type { ReadSourceName } from '../../../../engine/detection/vectors/read-sources.js'
import { DETECTION_VECTORS } from '../../../../engine/detection/vectors/vector-registry.js'

// Every source, named once: adding one to ReadSources fails this file's typecheck until it is listed.
const SOURCES: Record<ReadSourceName, true> = {
  accounts: true,
  programBlacklist: true,
  tenantBlocks: true,
  poolActivity: true,
  upcomingLeaderRate: true,
  tokenSymbols: true,
  poolLiquidity: true,
  bannedTokens: true,
  establishedMints: true,
  counterparties: true,
}

t.test('every vector is registered once, with reads that exist', async (t) => {
  const names = DETECTION_VECTORS.map((vector) => vector.name)
  t.same([...names].sort(), [...VECTORS].sort(), 'the registry holds exactly the requestable vectors')
  t.equal(new Set(names).size, names.length, 'each once')
  for (const vector of DETECTION_VECTORS) {
    const reads: readonly string[] = vector.reads
    t.ok(
      reads.every((read) => read in SOURCES),
      `${vector.name} reads only known sources: ${reads.join(', ') || 'none'}`,
    )
  }
  t.equal(names[0], 'simulation', "the simulation's advice comes first")
  t.equal(names[names.length - 1], 'priority_fee', 'the price advice last')
})
