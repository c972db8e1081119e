import { readFileSync } from 'node:fs'
import t from 'tap'
import { MEV_BOT_LIST_PATH } from '../../../../engine/detection/mev/mev-bot-list.js'
import { createSandwichDetector, type Sandwich } from '../../../../engine/detection/mev/sandwich-detector.js'
import { type AccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createTestPool, keyOf, signatureOf, swapUpdate, type SwapSpec } from './constructed-updates.js'

const key = (label: string) => Buffer.from(keyOf(label)).toString('latin1') as AccountKey
const poolKey = (pool: ReturnType<typeof createTestPool>) =>
  [Buffer.from(pool.vaultA).toString('latin1'), Buffer.from(pool.vaultB).toString('latin1')].sort().join('')
const P = createTestPool('pool-1')
const Q = createTestPool('pool-2')

function feed(
  swaps: Array<Omit<SwapSpec, 'pool'> & { pool?: SwapSpec['pool'] }>,
  options: Parameters<typeof createSandwichDetector>[0] = {},
) {
  const detector = createSandwichDetector({ listedBots: [], ...options })
  for (const swap of swaps) detector.recordTransaction(swapUpdate({ pool: P, ...swap }))
  return detector
}
const brief = (s: Sandwich) => ({ slot: s.slot, pool: s.pool, attacker: s.attacker, victim: s.victim })

t.test('buy, victim buy, sell in one slot: one sandwich with its attacker, victim and signatures', async (t) => {
  const detector = feed([
    { slot: 10, index: 0, trader: 'noise', buy: false, pool: Q },
    { slot: 10, index: 1, trader: 'bot', buy: true },
    { slot: 10, index: 2, trader: 'user', buy: true },
    { slot: 10, index: 3, trader: 'bot', buy: false },
  ])
  const [sandwich, ...more] = detector.getRecentSandwiches()
  t.same(more, [])
  t.same(brief(sandwich!), { slot: 10, pool: poolKey(P), attacker: key('bot'), victim: key('user') })
  t.same(sandwich!.frontrunSignature, signatureOf('bot/10/1'))
  t.same(sandwich!.victimSignature, signatureOf('user/10/2'))
  t.same(sandwich!.backrunSignature, signatureOf('bot/10/3'))
  t.same(detector.getPoolActivity(poolKey(P) as never), { sandwiches: 1, lastSlot: 10, attackers: [key('bot')] })
  t.equal(detector.getPoolActivity(poolKey(Q) as never), undefined, 'the other pool saw none')
  t.ok(detector.isKnownBot(key('bot')))
  t.same(detector.getKnownBot(key('bot')), { confidence: 'high', source: 'stream', sandwiches: 1, lastSlot: 10 })
  t.notOk(detector.isKnownBot(key('user')))
  t.equal(detector.getKnownBot(key('user')), undefined)
})

t.test('the mirror: sell first, victim sells, buy back', async (t) => {
  const detector = feed([
    { slot: 5, index: 0, trader: 'bot', buy: false },
    { slot: 5, index: 1, trader: 'user', buy: false },
    { slot: 5, index: 2, trader: 'bot', buy: true },
  ])
  t.same(detector.getRecentSandwiches().map(brief), [{ slot: 5, pool: poolKey(P), attacker: key('bot'), victim: key('user') }])
})

t.test('what is not a sandwich', async (t) => {
  t.equal(
    feed([
      { slot: 1, index: 0, trader: 'bot', buy: true },
      { slot: 1, index: 1, trader: 'bot', buy: false },
    ]).stats.sandwiches,
    0,
    'the same trader both sides without a victim',
  )
  t.equal(
    feed([
      { slot: 1, index: 0, trader: 'bot', buy: true },
      { slot: 1, index: 2, trader: 'bot', buy: false },
      { slot: 2, index: 0, trader: 'user', buy: true },
    ]).stats.sandwiches,
    0,
    'a victim in another slot',
  )
  t.equal(
    feed([
      { slot: 1, index: 0, trader: 'bot', buy: true },
      { slot: 2, index: 0, trader: 'user', buy: true },
      { slot: 2, index: 1, trader: 'bot', buy: false },
    ]).stats.sandwiches,
    0,
    'the attacker’s legs in two slots',
  )
  t.equal(
    feed([
      { slot: 1, index: 0, trader: 'bot', buy: true },
      { slot: 1, index: 1, trader: 'user', buy: false },
      { slot: 1, index: 2, trader: 'bot', buy: false },
    ]).stats.sandwiches,
    0,
    'a victim trading the other way',
  )
  t.equal(
    feed([
      { slot: 1, index: 0, trader: 'bot', buy: true },
      { slot: 1, index: 1, trader: 'user', buy: true, pool: Q },
      { slot: 1, index: 2, trader: 'bot', buy: false },
    ]).stats.sandwiches,
    0,
    'a victim on another pool',
  )
  t.equal(
    feed([
      { slot: 1, index: 0, trader: 'user', buy: true },
      { slot: 1, index: 1, trader: 'bot', buy: true },
      { slot: 1, index: 2, trader: 'bot', buy: false },
    ]).stats.sandwiches,
    0,
    'a buyer before the attacker',
  )
})

t.test('interleaved pools: each sandwich on its own pool', async (t) => {
  const detector = feed([
    { slot: 3, index: 0, trader: 'bot-a', buy: true },
    { slot: 3, index: 1, trader: 'bot-b', buy: false, pool: Q },
    { slot: 3, index: 2, trader: 'user-q', buy: false, pool: Q },
    { slot: 3, index: 3, trader: 'user-p', buy: true },
    { slot: 3, index: 4, trader: 'bot-b', buy: true, pool: Q },
    { slot: 3, index: 5, trader: 'bot-a', buy: false },
  ])
  t.same(detector.getRecentSandwiches().map(brief), [
    { slot: 3, pool: poolKey(Q), attacker: key('bot-b'), victim: key('user-q') },
    { slot: 3, pool: poolKey(P), attacker: key('bot-a'), victim: key('user-p') },
  ])
  t.same(detector.getPoolActivity(poolKey(P) as never)!.attackers, [key('bot-a')])
  t.same(detector.getPoolActivity(poolKey(Q) as never)!.attackers, [key('bot-b')])
})

t.test('out of stream order, several victims, a back-run in two parts', async (t) => {
  const late = feed([
    { slot: 4, index: 0, trader: 'bot', buy: true },
    { slot: 4, index: 2, trader: 'bot', buy: false },
    { slot: 4, index: 1, trader: 'user', buy: true },
  ])
  t.same(
    late.getRecentSandwiches().map(brief),
    [{ slot: 4, pool: poolKey(P), attacker: key('bot'), victim: key('user') }],
    'the victim streamed after the back-run',
  )

  const many = feed([
    { slot: 4, index: 0, trader: 'bot', buy: true },
    { slot: 4, index: 1, trader: 'u1', buy: true },
    { slot: 4, index: 2, trader: 'u2', buy: true },
    { slot: 4, index: 3, trader: 'bot', buy: false },
    { slot: 4, index: 4, trader: 'bot', buy: false },
  ])
  t.same(
    many.getRecentSandwiches().map((s) => s.victim),
    [key('u1'), key('u2')],
    'one record per victim, each once',
  )
  t.same(many.getPoolActivity(poolKey(P) as never), { sandwiches: 2, lastSlot: 4, attackers: [key('bot')] })
  t.same(many.getKnownBot(key('bot'))!.sandwiches, 2)
})

t.test('the listed bots are low-confidence known bots', async (t) => {
  const listed = readFileSync(MEV_BOT_LIST_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
  t.equal(listed.length, 21)
  const detector = createSandwichDetector()
  for (const address of listed) {
    t.same(
      detector.getKnownBot(fromBase58Address(address)),
      { confidence: 'low', source: 'list', sandwiches: 0, lastSlot: undefined },
      address,
    )
  }
  t.notOk(detector.isKnownBot(key('someone')))
  t.notOk(createSandwichDetector({ listedBots: [] }).isKnownBot(fromBase58Address(listed[0]!)), 'no list: not known')
  // Seen on the stream, a listed bot becomes a high-confidence one.
  const bot = fromBase58Address(listed[0]!)
  detector.recordSwap({
    slot: 1,
    index: 0,
    signature: signatureOf('a'),
    trader: bot,
    pool: poolKey(P) as never,
    side: 0,
    gaveMint: 'x',
    gotMint: 'y',
    gaveAmount: 1n,
    gotAmount: 1n,
  })
  detector.recordSwap({
    slot: 1,
    index: 1,
    signature: signatureOf('b'),
    trader: key('user'),
    pool: poolKey(P) as never,
    side: 0,
    gaveMint: 'x',
    gotMint: 'y',
    gaveAmount: 1n,
    gotAmount: 1n,
  })
  detector.recordSwap({
    slot: 1,
    index: 2,
    signature: signatureOf('c'),
    trader: bot,
    pool: poolKey(P) as never,
    side: 1,
    gaveMint: 'y',
    gotMint: 'x',
    gaveAmount: 1n,
    gotAmount: 1n,
  })
  t.equal(detector.getKnownBot(bot)!.confidence, 'high')
})

t.test('per leader: its streamed slots, and those with a sandwich, once they close', async (t) => {
  // Leaders hold 4 slots: 100–103 L1, 104–107 L2.
  const getSlotLeader = (slot: number) => (slot < 104 ? key('L1') : slot < 108 ? key('L2') : undefined)
  const detector = feed(
    [
      { slot: 100, index: 0, trader: 'bot', buy: true },
      { slot: 100, index: 1, trader: 'user', buy: true },
      { slot: 100, index: 2, trader: 'bot', buy: false },
      { slot: 101, index: 0, trader: 'user', buy: true },
      { slot: 104, index: 0, trader: 'user', buy: true },
      { slot: 105, index: 0, trader: 'user', buy: true },
    ],
    { getSlotLeader, openSlots: 2 },
  )
  t.same(detector.getRecentSandwiches()[0]!.leader, key('L1'))
  t.same(
    Object.fromEntries(detector.getSandwichesByLeader()),
    { [key('L1')]: { slots: 2, sandwichSlots: 1, sandwiches: 1 } },
    'slots 100 and 101 closed',
  )
  detector.flush()
  t.same(detector.getSandwichesByLeader().get(key('L2')), { slots: 2, sandwichSlots: 0, sandwiches: 0 })
})
