// Percentiles over the accounts a transaction writes equal a direct computation over the same
// landed transactions.
import t from 'tap'
import { getNearestRankPercentiles } from '../../../../engine/hot-path/geyser/nearest-rank-percentiles.js'
import { getPriorityFees } from '../../../../engine/detection/fees/priority-fee-sampler.js'
import { createPriorityFeeWindow } from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import {
  createKeys,
  createRandom,
  getExpectedAccountPrices,
  getExpectedFees,
  randomPrice,
  toSample,
  type ModelTransaction,
} from './fee-window-model.js'

t.test('selection gives the nearest-rank percentiles a full sort gives', async (t) => {
  const random = createRandom(1)
  for (const n of [0, 1, 2, 3, 4, 5, 7, 10, 19, 20, 21, 100, 101, 999, 5_000]) {
    for (const spread of [1, 3, 1_000, 1e12]) {
      const values = Array.from({ length: n }, () => Math.floor(random() * spread))
      const got = getNearestRankPercentiles(Float64Array.from(values), n)
      t.same(got, getExpectedFees(values), `n=${n} spread=${spread}`)
      t.same(got, getPriorityFees(values), 'the same definition as the RPC sampler')
    }
  }
  // Sorted, reversed and constant inputs are the classic quickselect traps.
  const ramp = Array.from({ length: 50_000 }, (_, i) => i)
  t.same(getNearestRankPercentiles(Float64Array.from(ramp), ramp.length), getExpectedFees(ramp))
  t.same(getNearestRankPercentiles(Float64Array.from(ramp).reverse(), ramp.length), getExpectedFees(ramp))
  const flat = new Float64Array(50_000).fill(7)
  t.same(getNearestRankPercentiles(flat, flat.length), { low: 7, medium: 7, high: 7, very_high: 7, samples: 50_000 })
})

for (const maxPerAccount of [1_000_000, 8]) {
  t.test(`random traffic over many accounts (maxSamplesPerAccount ${maxPerAccount})`, async (t) => {
    const random = createRandom(maxPerAccount)
    const keys = createKeys(2_000, random)
    const window = createPriorityFeeWindow({ minSamples: 0, maxSamplesPerAccount: maxPerAccount, maxAccounts: 10_000 })
    const transactions: ModelTransaction[] = []
    // Popularity skewed as on chain: a few pools written by many, a long tail written once.
    const pick = () => Math.floor(keys.length * random() ** 3)
    let slot = 1_000
    for (let id = 0; id < 20_000; id++) {
      if (random() < 0.02) slot++
      const accounts = [...new Set(Array.from({ length: 1 + Math.floor(random() * 6) }, pick))]
      const tx = { id, slot, price: randomPrice(random), accounts }
      transactions.push(tx)
      window.record(toSample(tx, keys))
    }
    window.advance(slot)
    const cutoffSlot = slot - 150
    t.ok(transactions[0]!.slot < cutoffSlot, 'the window has moved past the first transactions')

    let checked = 0
    for (let q = 0; q < 300; q++) {
      const accounts = Array.from({ length: 1 + Math.floor(random() * 8) }, pick)
      const expected = getExpectedFees(getExpectedAccountPrices(transactions, accounts, { cutoffSlot, maxPerAccount }))
      const got = window.getPriorityFees(accounts.map((a) => keys[a]!))
      t.same(got, { ...expected, source: 'accounts' }, `query ${q}`)
      if (expected.samples > 1) checked++
    }
    t.ok(checked > 200, `${checked} queries with several samples`)
  })
}

t.test('a transaction writing two of the queried accounts counts once', async (t) => {
  const [a, b, c] = createKeys(3, createRandom(3))
  const window = createPriorityFeeWindow({ minSamples: 0 })
  window.record({ slot: 10, priceMicroLamports: 500n, writableAccounts: [a!, b!] })
  window.record({ slot: 10, priceMicroLamports: 100n, writableAccounts: [a!] })
  window.record({ slot: 10, priceMicroLamports: 900n, writableAccounts: [c!, b!] })
  t.same(window.getPriorityFees([a!, b!]), { low: 100, medium: 500, high: 900, very_high: 900, samples: 3, source: 'accounts' })
  t.same(
    window.getPriorityFees([a!, b!, a!]),
    { low: 100, medium: 500, high: 900, very_high: 900, samples: 3, source: 'accounts' },
    'a key queried twice too',
  )
  t.equal(window.getPriorityFees([a!, b!, c!]).samples, 3)
  t.equal(window.getPriorityFees([b!]).samples, 2)
  // The same key twice within one sample is one entry, not two.
  window.record({ slot: 11, priceMicroLamports: 7, writableAccounts: [c!, c!] })
  t.equal(window.getPriorityFees([c!]).samples, 2)
  t.equal(window.size.entries, 6)
})

t.test('keys are compared by their bytes, whatever buffer holds them', async (t) => {
  const [a] = createKeys(1, createRandom(4))
  const window = createPriorityFeeWindow({ minSamples: 0 })
  const inside = new Uint8Array(100)
  inside.set(a!, 40)
  window.record({ slot: 1, priceMicroLamports: 42, writableAccounts: [inside.subarray(40, 72)] })
  t.equal(window.getPriorityFees([Uint8Array.from(a!)]).medium, 42)
})

t.test('prices beyond 2^53 saturate instead of losing their magnitude', async (t) => {
  const [a] = createKeys(1, createRandom(5))
  const window = createPriorityFeeWindow({ minSamples: 0 })
  window.record({ slot: 1, priceMicroLamports: 0xffff_ffff_ffff_ffffn, writableAccounts: [a!] })
  t.equal(window.getPriorityFees([a!]).very_high, Number.MAX_SAFE_INTEGER)
})
