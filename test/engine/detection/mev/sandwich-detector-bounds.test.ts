import t from 'tap'
import { createSandwichDetector, type SandwichDetector } from '../../../../engine/detection/mev/sandwich-detector.js'
import type { AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { createTestPool, keyOf, swapUpdate } from './constructed-updates.js'

const key = (label: string) => Buffer.from(keyOf(label)).toString('latin1') as AccountKey
const poolKey = (pool: ReturnType<typeof createTestPool>) =>
  [Buffer.from(pool.vaultA).toString('latin1'), Buffer.from(pool.vaultB).toString('latin1')].sort().join('') as never

/** A sandwich by `bot` on `pool` in `slot`. */
function plant(detector: SandwichDetector, slot: number, pool: ReturnType<typeof createTestPool>, bot = 'bot', victim = 'user'): void {
  detector.recordTransaction(swapUpdate({ slot, index: 0, trader: bot, pool, buy: true }))
  detector.recordTransaction(swapUpdate({ slot, index: 1, trader: victim, pool, buy: true }))
  detector.recordTransaction(swapUpdate({ slot, index: 2, trader: bot, pool, buy: false }))
}

t.test('at most maxSandwiches are kept; pools and attackers are counted down as they go', async (t) => {
  const detector = createSandwichDetector({ listedBots: [], maxSandwiches: 5 })
  const pools = Array.from({ length: 12 }, (_, i) => createTestPool(`bounded-${i}`))
  pools.forEach((pool, i) => plant(detector, 100 + i, pool, `bot-${i}`))
  t.equal(detector.stats.sandwiches, 12, 'all found')
  t.same(
    detector.getRecentSandwiches().map((s) => s.slot),
    [107, 108, 109, 110, 111],
    'the newest five kept',
  )
  t.equal(detector.stats.pools, 5)
  t.equal(detector.getPoolActivity(poolKey(pools[6]!)), undefined, 'an older pool is forgotten')
  t.same(detector.getPoolActivity(poolKey(pools[7]!)), { sandwiches: 1, lastSlot: 107, attackers: [key('bot-7')] })
})

t.test('sandwiches older than windowSlots behind the stream are forgotten; the attacker stays a known bot', async (t) => {
  const detector = createSandwichDetector({ listedBots: [], windowSlots: 100 })
  const pool = createTestPool('windowed')
  plant(detector, 1_000, pool)
  plant(detector, 1_050, pool, 'bot-2')
  detector.recordTransaction(swapUpdate({ slot: 1_099, index: 0, trader: 'x', pool: createTestPool('other'), buy: true }))
  t.same(detector.getPoolActivity(poolKey(pool)), { sandwiches: 2, lastSlot: 1_050, attackers: [key('bot'), key('bot-2')] })
  detector.recordTransaction(swapUpdate({ slot: 1_100, index: 0, trader: 'x', pool: createTestPool('other'), buy: true }))
  t.same(
    detector.getPoolActivity(poolKey(pool)),
    { sandwiches: 1, lastSlot: 1_050, attackers: [key('bot-2')] },
    'slot 1,000 is out at 1,100',
  )
  detector.recordTransaction(swapUpdate({ slot: 1_150, index: 0, trader: 'x', pool: createTestPool('other'), buy: true }))
  t.equal(detector.getPoolActivity(poolKey(pool)), undefined)
  t.equal(detector.stats.pools, 0)
  t.ok(detector.isKnownBot(key('bot')), 'known bots outlive the pool window')
})

t.test('per pool and slot at most maxSwapsPerPoolSlot swaps; late slots and open slots are bounded', async (t) => {
  const detector = createSandwichDetector({ listedBots: [], maxSwapsPerPoolSlot: 4, openSlots: 3 })
  const pool = createTestPool('busy')
  for (let i = 0; i < 10; i++) detector.recordTransaction(swapUpdate({ slot: 50, index: i, trader: `t${i}`, pool, buy: true }))
  t.equal(detector.stats.droppedSwaps, 6)
  for (let slot = 51; slot < 60; slot++) detector.recordTransaction(swapUpdate({ slot, index: 0, trader: 'x', pool, buy: true }))
  t.equal(detector.stats.openSlots, 3, 'slots 57–59 open')
  detector.recordTransaction(swapUpdate({ slot: 56, index: 1, trader: 'late', pool, buy: true }))
  t.equal(detector.stats.lateSwaps, 1, 'slot 56 is closed')
  detector.recordTransaction(swapUpdate({ slot: 57, index: 1, trader: 'late', pool, buy: true }))
  t.equal(detector.stats.lateSwaps, 1, 'slot 57 is still open')
})

t.test('known bots and leaders are capped', async (t) => {
  const detector = createSandwichDetector({
    listedBots: [],
    maxKnownBots: 3,
    maxLeaders: 2,
    openSlots: 1,
    getSlotLeader: (slot) => key(`leader-${slot}`),
  })
  for (let i = 0; i < 5; i++) plant(detector, 10 + i, createTestPool(`p${i}`), `bot-${i}`)
  t.same(
    [0, 1, 2, 3, 4].map((i) => detector.isKnownBot(key(`bot-${i}`))),
    [false, false, true, true, true],
    'the three most recent',
  )
  detector.flush()
  t.equal(detector.getSandwichesByLeader().size, 2)
  t.same([...detector.getSandwichesByLeader().keys()], [key('leader-13'), key('leader-14')])
})
