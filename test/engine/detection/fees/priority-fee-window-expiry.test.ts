// advance() moves the window: samples older than slot − windowSlots leave it, accounts with them.
import t from 'tap'
import { createPriorityFeeWindow } from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import { createKeys, createRandom, getExpectedFees } from './fee-window-model.js'

t.test('samples of slots before slot − 150 leave the window', async (t) => {
  const [pool, payer] = createKeys(2, createRandom(21))
  const window = createPriorityFeeWindow({ minSamples: 0, maxSamplesPerAccount: 1_000 })
  // Slot s pays s micro-lamports per CU, twice.
  for (let s = 0; s <= 300; s++) {
    window.record({ slot: s, priceMicroLamports: s, writableAccounts: [pool!] })
    window.record({ slot: s, priceMicroLamports: s, writableAccounts: [pool!, payer!] })
  }
  const prices = (from: number, to: number) => Array.from({ length: 2 * (to - from + 1) }, (_, i) => from + (i >> 1))

  window.advance(300)
  t.same(window.getPriorityFees([pool!]), { ...getExpectedFees(prices(150, 300)), source: 'accounts' })
  t.equal(window.getPriorityFees([pool!]).low, 187, 'rank 76 of 302: slot 150 + 37')
  t.equal(window.size.samples, 2 * 151)

  window.advance(400)
  t.same(window.getPriorityFees([pool!, payer!]), { ...getExpectedFees(prices(250, 300)), source: 'accounts' })
  t.equal(window.size.samples, 2 * 51)
  t.equal(window.size.entries, 3 * 51)

  window.advance(451)
  t.same(window.getPriorityFees([pool!]), { low: 0, medium: 0, high: 0, very_high: 0, samples: 0, source: 'accounts' })
  t.same(window.size, { samples: 0, accounts: 0, entries: 0 }, 'accounts with nothing left are dropped')
})

t.test('a sample already out of the window is not recorded; the window never moves back', async (t) => {
  const [a] = createKeys(1, createRandom(22))
  const window = createPriorityFeeWindow({ minSamples: 0, windowSlots: 10 })
  window.advance(100)
  window.record({ slot: 89, priceMicroLamports: 1, writableAccounts: [a!] })
  t.equal(window.size.samples, 0)
  window.record({ slot: 90, priceMicroLamports: 2, writableAccounts: [a!] })
  window.advance(50)
  t.match(window.getPriorityFees([a!]), { samples: 1, medium: 2 })
})

t.test('a straggler from an older slot expires on its own slot', async (t) => {
  const [a, b] = createKeys(2, createRandom(23))
  const window = createPriorityFeeWindow({ minSamples: 0, windowSlots: 10 })
  window.record({ slot: 100, priceMicroLamports: 100, writableAccounts: [a!] })
  window.record({ slot: 95, priceMicroLamports: 95, writableAccounts: [a!, b!] }) // late
  window.record({ slot: 101, priceMicroLamports: 101, writableAccounts: [a!] })
  window.advance(106)
  t.match(window.getPriorityFees([a!]), { samples: 2, low: 100, very_high: 101 }, 'slot 95 is out though it sits behind slot 100')
  t.match(window.getPriorityFees([b!]), { samples: 0 })
  window.advance(111)
  t.match(window.getPriorityFees([a!]), { samples: 1, medium: 101 }, 'slot 101 = 111 − 10 is still in')
  window.advance(112)
  t.match(window.getPriorityFees([a!]), { samples: 0 })
  t.same(window.size, { samples: 0, accounts: 0, entries: 0 })
})
