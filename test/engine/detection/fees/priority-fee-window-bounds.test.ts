// Memory stays bounded whatever the traffic: 1,000,000 landed transactions over 100,000 accounts.
import t, { type Test } from 'tap'
import {
  createPriorityFeeWindow,
  PRIORITY_FEE_WINDOW_DEFAULTS,
  type PriorityFeeWindowOptions,
} from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import { createKeys, createRandom } from './fee-window-model.js'

const random = createRandom(31)
const keys = createKeys(100_000, random)

function flood(t: Test, options: PriorityFeeWindowOptions, pick: () => number, perSlot: number): void {
  const bounds = { ...PRIORITY_FEE_WINDOW_DEFAULTS, ...options }
  const window = createPriorityFeeWindow(options)
  const writable: Uint8Array[] = []
  let worst = { samples: 0, accounts: 0, entries: 0 }
  let queried = 0
  for (let i = 0; i < 1_000_000; i++) {
    const slot = Math.floor(i / perSlot)
    if (i % perSlot === 0) window.advance(slot)
    writable.length = 0
    const count = 1 + Math.floor(random() * 5)
    for (let k = 0; k < count; k++) writable.push(keys[pick()]!)
    window.record({ slot, priceMicroLamports: Math.floor(random() * 100_000), writableAccounts: writable })
    if (i % 1_000 === 0) {
      const size = window.size
      worst = {
        samples: Math.max(worst.samples, size.samples),
        accounts: Math.max(worst.accounts, size.accounts),
        entries: Math.max(worst.entries, size.entries),
      }
      queried += window.getPriorityFees(writable).samples
    }
  }
  const size = window.size
  t.ok(worst.samples <= bounds.maxSamples, `samples ${worst.samples} ≤ ${bounds.maxSamples}`)
  t.ok(worst.accounts <= bounds.maxAccounts, `accounts ${worst.accounts} ≤ ${bounds.maxAccounts}`)
  t.ok(worst.entries <= bounds.maxAccounts * bounds.maxSamplesPerAccount, `entries ${worst.entries} ≤ accounts × per account`)
  t.ok(size.samples <= bounds.maxSamples && size.accounts <= bounds.maxAccounts, 'at the end too')
  t.ok(queried > 0, 'the window answered along the way')
}

t.test('defaults, uniform traffic over 100,000 accounts (the account bound binds)', async (t) => {
  flood(t, {}, () => Math.floor(random() * keys.length), 5_000)
})

t.test('small bounds, skewed traffic (the per-account and global bounds bind)', async (t) => {
  flood(t, { maxAccounts: 5_000, maxSamplesPerAccount: 16, maxSamples: 20_000 }, () => Math.floor(keys.length * random() ** 4), 2_000)
})

t.test('one account written by every transaction keeps only its latest samples', async (t) => {
  const window = createPriorityFeeWindow({ maxSamplesPerAccount: 64, minSamples: 0 })
  const [pool] = keys
  for (let i = 0; i < 100_000; i++) window.record({ slot: 1, priceMicroLamports: i, writableAccounts: [pool!] })
  t.same(window.size, {
    samples: PRIORITY_FEE_WINDOW_DEFAULTS.maxSamples > 100_000 ? 100_000 : PRIORITY_FEE_WINDOW_DEFAULTS.maxSamples,
    accounts: 1,
    entries: 64,
  })
  t.match(window.getPriorityFees([pool!]), { samples: 64, low: 100_000 - 64 + 15, very_high: 100_000 - 64 + 60 })
})

t.test('the global ring overwrites its oldest sample, and account entries go with it', async (t) => {
  const window = createPriorityFeeWindow({ maxSamples: 100, minSamples: 0 })
  for (let i = 0; i < 250; i++) window.record({ slot: 1, priceMicroLamports: i, writableAccounts: [keys[i % 3]!] })
  t.equal(window.size.samples, 100)
  const fees = window.getPriorityFees([keys[0]!, keys[1]!, keys[2]!])
  t.match(fees, { samples: 100, low: 174, very_high: 244 }, 'only transactions 150–249 remain')
  window.advance(1)
  t.equal(window.size.entries, 100, 'stale account entries were dropped on the way')
})
