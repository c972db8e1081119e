// Too few samples for the accounts written: the answer comes from the global window.
import t from 'tap'
import { createPriorityFeeWindow } from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import { createKeys, createRandom, getExpectedFees, randomPrice } from './fee-window-model.js'

t.test('falls back to the global window below minSamples', async (t) => {
  const random = createRandom(11)
  const [hot, rare, unseen, ...others] = createKeys(200, random)
  const window = createPriorityFeeWindow({ minSamples: 10 })
  const all: number[] = []
  const hotPrices: number[] = []
  for (let i = 0; i < 1_000; i++) {
    const price = randomPrice(random)
    const writable = [others[Math.floor(random() * others.length)]!]
    if (i % 50 === 0) writable.push(hot!) // 20 transactions
    if (i === 500 || i === 600) writable.push(rare!) // 2 transactions
    window.record({ slot: 100 + Math.floor(i / 10), priceMicroLamports: BigInt(price), writableAccounts: writable })
    all.push(price)
    if (i % 50 === 0) hotPrices.push(price)
  }
  window.advance(200)

  t.same(window.getPriorityFees([hot!]), { ...getExpectedFees(hotPrices), source: 'accounts' })
  const global = { ...getExpectedFees(all), source: 'global' }
  t.equal(global.samples, 1_000)
  t.same(window.getPriorityFees([rare!]), global, 'two samples are too few')
  t.same(window.getPriorityFees([unseen!]), global, 'an account never written')
  t.same(window.getPriorityFees([]), global, 'a transaction writing nothing known')
})

t.test('minSamples is the threshold, inclusive', async (t) => {
  const keys = createKeys(2, createRandom(12))
  const window = createPriorityFeeWindow({ minSamples: 3 })
  for (let i = 1; i <= 3; i++) window.record({ slot: 1, priceMicroLamports: i, writableAccounts: [keys[0]!] })
  for (let i = 0; i < 20; i++) window.record({ slot: 1, priceMicroLamports: 1_000, writableAccounts: [keys[1]!] })
  window.advance(1)
  t.match(window.getPriorityFees([keys[0]!]), { samples: 3, medium: 2, source: 'accounts' })
})

t.test('the global window answers from the last advance(); until it holds minSamples, from the records', async (t) => {
  const keys = createKeys(30, createRandom(13))
  const window = createPriorityFeeWindow({ minSamples: 5 })
  t.same(window.getPriorityFees([keys[0]!]), { low: 0, medium: 0, high: 0, very_high: 0, samples: 0, source: 'accounts' }, 'empty')
  for (let i = 0; i < 3; i++) window.record({ slot: 1, priceMicroLamports: 10, writableAccounts: [keys[i]!] })
  t.match(window.getPriorityFees([keys[29]!]), { samples: 3, source: 'global' }, 'start-up: taken from the records')
  for (let i = 3; i < 10; i++) window.record({ slot: 1, priceMicroLamports: 20, writableAccounts: [keys[i]!] })
  t.match(window.getPriorityFees([keys[29]!]), { samples: 10, medium: 20, source: 'global' })
  for (let i = 10; i < 20; i++) window.record({ slot: 2, priceMicroLamports: 30, writableAccounts: [keys[i]!] })
  t.match(window.getPriorityFees([keys[29]!]), { samples: 10 }, 'between two advances the snapshot stands')
  window.advance(2)
  t.same(window.getPriorityFees([keys[29]!]), {
    ...getExpectedFees([10, 10, 10, ...Array(7).fill(20), ...Array(10).fill(30)]),
    source: 'global',
  })
})

t.test('an account with samples is not traded for a global window with fewer', async (t) => {
  const keys = createKeys(1, createRandom(14))
  const window = createPriorityFeeWindow({ minSamples: 10, maxSamples: 4, windowSlots: 150 })
  for (let i = 0; i < 3; i++) window.record({ slot: 1, priceMicroLamports: i, writableAccounts: [keys[0]!] })
  t.match(window.getPriorityFees([keys[0]!]), { samples: 3, source: 'accounts' })
})

t.test('rejects options that bound nothing', async (t) => {
  t.throws(() => createPriorityFeeWindow({ maxAccounts: 0 }), RangeError)
  t.throws(() => createPriorityFeeWindow({ maxSamples: 1.5 }), RangeError)
  t.throws(() => createPriorityFeeWindow({ windowSlots: -1 }), RangeError)
  t.doesNotThrow(() => createPriorityFeeWindow({ minSamples: 0 }))
})

t.test('the global window equals a direct computation through overflow, stragglers and expiry', async (t) => {
  const random = createRandom(15)
  const keys = createKeys(50, random)
  const maxSamples = 3_000
  const window = createPriorityFeeWindow({ minSamples: 1_000_000, maxSamples, windowSlots: 20 })
  const recorded: Array<{ slot: number; price: number }> = []
  let slot = 0
  let cutoff = -Infinity
  let checks = 0
  for (let round = 0; round < 400; round++) {
    const burst = Math.floor(random() * 400) // sometimes more than the ring holds in a slot or two
    for (let i = 0; i < burst; i++) {
      // One in ten arrives late, from up to 30 slots back.
      const at = random() < 0.1 ? slot - Math.floor(random() * 30) : slot
      const price = randomPrice(random)
      window.record({ slot: at, priceMicroLamports: price, writableAccounts: [keys[Math.floor(random() * keys.length)]!] })
      if (at >= cutoff) recorded.push({ slot: at, price })
    }
    slot += 1 + Math.floor(random() * 3)
    window.advance(slot)
    cutoff = slot - 20
    const live = recorded.slice(-maxSamples).filter((s) => s.slot >= cutoff)
    const got = window.getPriorityFees([keys[0]!])
    t.same(got, { ...getExpectedFees(live.map((s) => s.price)), source: 'global' }, `round ${round}`)
    if (live.length > 100) checks++
  }
  t.ok(checks > 100)
})
