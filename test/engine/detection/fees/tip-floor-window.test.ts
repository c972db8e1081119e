// The tip floor: what landed transactions paid the relay's tip accounts over the last 150 slots,
// as nearest-rank percentiles, checked against a plain sort of the tips the test itself paid.
import t from 'tap'
import { createTipFloorWindow, TIP_FLOOR_WINDOW_DEFAULTS } from '../../../../engine/detection/fees/tip-floor-window.js'
import { getStreamedTipLamports, createTipAccountSet } from '../../../../engine/detection/fees/streamed-tip-sample.js'
import { JITO_TIP_ACCOUNTS } from '../../../helpers/stand-in-relay.js'
import { createRandom } from './fee-window-model.js'
import { buildTipUpdate, keyOf, payTip, TIP_ACCOUNT_KEYS } from './tip-updates.js'

/** Nearest rank, written out: the value of rank ceil(p·n/100) of the ascending tips. */
function getExpectedFloor(tips: number[]) {
  const sorted = [...tips].sort((a, b) => a - b)
  const n = sorted.length
  const at = (p: number) => (n === 0 ? null : sorted[Math.max(1, Math.ceil((p * n) / 100)) - 1]!)
  return { slots: 150, sample_count: n, p25: at(25), p50: at(50), p75: at(75), p95: at(95), p99: at(99) }
}

function createWindow(options = {}) {
  const window = createTipFloorWindow(options)
  window.setTipAccounts(JITO_TIP_ACCOUNTS)
  return window
}

t.test('percentiles equal a direct nearest-rank computation over the tips paid', async (t) => {
  const random = createRandom(11)
  const window = createWindow()
  const tips: number[] = []
  for (let slot = 1000; slot < 1100; slot++) {
    for (let i = 0; i < 7; i++) {
      // Tips as they spread: round amounts, a long tail, many repeats.
      const tip = random() < 0.3 ? 1_000 : Math.floor(Math.exp(random() * 18)) + 1
      window.record(payTip(slot, BigInt(tip), Math.floor(random() * 8), random() < 0.3))
      tips.push(tip)
    }
    window.advance(slot)
  }
  t.same(window.getTipFloor(), getExpectedFloor(tips))
  t.equal(window.getTipFloor().sample_count, 700)
})

t.test('one sample per transaction: tips to two tip accounts add up', async (t) => {
  const window = createWindow()
  const payer = { key: keyOf('payer'), pre: 5_000_000n, post: 1_000_000n }
  window.record(
    buildTipUpdate({
      slot: 10,
      accounts: [payer, { key: TIP_ACCOUNT_KEYS[2]!, pre: 0n, post: 3_000n }],
      loadedWritable: [{ key: TIP_ACCOUNT_KEYS[5]!, pre: 10n, post: 4_010n }],
    }),
  )
  t.same(window.getTipFloor(), getExpectedFloor([7_000]))
})

t.test('failed transactions, votes, other accounts and a tip account’s decrease are no tips', async (t) => {
  const window = createWindow()
  const payer = { key: keyOf('payer'), pre: 5_000_000n, post: 4_000_000n }
  const tipGain = { key: TIP_ACCOUNT_KEYS[0]!, pre: 100n, post: 900n }
  window.record(buildTipUpdate({ slot: 10, accounts: [payer, tipGain], failed: true }))
  window.record(buildTipUpdate({ slot: 10, accounts: [payer, tipGain], isVote: true }))
  window.record(buildTipUpdate({ slot: 10, accounts: [payer, { key: keyOf('not a tip account'), pre: 0n, post: 1_000_000n }] }))
  window.record(buildTipUpdate({ slot: 10, accounts: [payer, { key: TIP_ACCOUNT_KEYS[1]!, pre: 900n, post: 100n }] }))
  t.same(window.getTipFloor(), getExpectedFloor([]), 'nothing counted')
  // A decrease on one tip account does not cancel a gain on another.
  window.record(
    buildTipUpdate({
      slot: 10,
      accounts: [payer, { key: TIP_ACCOUNT_KEYS[1]!, pre: 900n, post: 100n }, { key: TIP_ACCOUNT_KEYS[3]!, pre: 0n, post: 250n }],
    }),
  )
  t.same(window.getTipFloor(), getExpectedFloor([250]))
})

t.test('a tip account through a lookup table counts when loaded writable, at its balance index after the static keys', async (t) => {
  const tipAccounts = createTipAccountSet(JITO_TIP_ACCOUNTS)
  const payer = { key: keyOf('payer'), pre: 5_000_000n, post: 4_000_000n }
  const other = { key: keyOf('other'), pre: 7n, post: 999_999n }
  const loaded = buildTipUpdate({
    slot: 1,
    accounts: [payer, other],
    loadedWritable: [
      { key: keyOf('loaded'), pre: 0n, post: 50n },
      { key: TIP_ACCOUNT_KEYS[7]!, pre: 1_000n, post: 1_333n },
    ],
    // A read-only address cannot take lamports; its balance sits after the writable ones.
    loadedReadonly: [{ key: TIP_ACCOUNT_KEYS[6]!, pre: 5n, post: 5n }],
  })
  t.equal(getStreamedTipLamports(loaded, tipAccounts), 333n)
  const window = createWindow()
  window.record(loaded)
  t.same(window.getTipFloor(), getExpectedFloor([333]))
})

t.test('samples older than 150 slots leave; late ones for a slot already out are ignored', async (t) => {
  const window = createWindow()
  window.record(payTip(100, 1n))
  window.record(payTip(200, 2n))
  window.advance(250)
  t.same(window.getTipFloor(), getExpectedFloor([1, 2]), 'slot 100 is still in at 250 (250 − 150)')
  window.advance(251)
  t.same(window.getTipFloor(), getExpectedFloor([2]), 'slot 100 left at 251')
  window.record(payTip(100, 3n))
  t.same(window.getTipFloor(), getExpectedFloor([2]), 'a transaction of an expired slot is not recorded')
  t.equal(window.size, 1)
  window.advance(351)
  t.same(window.getTipFloor(), getExpectedFloor([]))
  t.equal(window.size, 0)
})

t.test('a straggler recorded after a later slot leaves the window when its own slot does', async (t) => {
  const window = createWindow()
  window.record(payTip(300, 10n))
  window.record(payTip(200, 20n))
  window.advance(340)
  t.same(window.getTipFloor(), getExpectedFloor([10, 20]))
  window.advance(351)
  t.same(window.getTipFloor(), getExpectedFloor([10]), 'slot 200 is out though it sits behind slot 300')
})

t.test('bounded: past maxSamples the oldest tips are overwritten', async (t) => {
  const window = createWindow({ maxSamples: 8 })
  for (let i = 1; i <= 20; i++) window.record(payTip(5, BigInt(i * 100)))
  t.equal(window.size, 8)
  t.same(window.getTipFloor(), getExpectedFloor([1300, 1400, 1500, 1600, 1700, 1800, 1900, 2000]))
  t.equal(TIP_FLOOR_WINDOW_DEFAULTS.windowSlots, 150)
})

t.test("one vote per payer: a wallet's newest tip replaces its earlier ones, however many and however large", async (t) => {
  const window = createWindow()
  const others = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000]
  for (const [i, tip] of others.entries()) window.record(payTip(10 + i, BigInt(tip)))
  const before = window.getTipFloor()
  t.same(before, getExpectedFloor(others))
  // A whale tips 5 SOL a hundred times: one sample, the newest.
  const whale = keyOf('whale')
  for (let i = 0; i < 100; i++) window.record(payTip(20, 5_000_000_000n, i % 8, false, whale))
  const after = window.getTipFloor()
  t.equal(after.sample_count, others.length + 1, 'the whale counts once')
  t.same(after, getExpectedFloor([...others, 5_000_000_000]))
  // Nearest rank over n + 1 values, one of them the whale's: p75 moves at most one rank up.
  const sorted = [...others].sort((a, b) => a - b)
  const rankOf = (value: number | null) => sorted.indexOf(value as number)
  t.ok(rankOf(after.p75) - rankOf(before.p75) <= 1, `p75 ${before.p75} → ${after.p75}: one rank at most`)
  // The whale's newest tip replaces the 5 SOL ones.
  window.record(payTip(21, 500n, 0, false, whale))
  t.same(window.getTipFloor(), getExpectedFloor([...others, 500]))
})

t.test("the service's own tip wallet is not counted: its tips follow this floor", async (t) => {
  const wallet = keyOf('tip wallet')
  const window = createWindow({ ignorePayer: wallet })
  window.record(payTip(10, 1_000n))
  window.record(payTip(10, 5_000_000_000n, 0, false, wallet))
  t.same(window.getTipFloor(), getExpectedFloor([1_000]))
})

t.test("a payer's entry leaves with its sample: a later tip of theirs after the window moved on counts", async (t) => {
  const window = createWindow({ maxSamples: 4 })
  const payer = keyOf('returning payer')
  window.record(payTip(1, 100n, 0, false, payer))
  for (let i = 0; i < 4; i++) window.record(payTip(2, 1_000n))
  t.equal(window.size, 4, "the payer's sample was overwritten")
  window.record(payTip(3, 7_000n, 0, false, payer))
  t.same(window.getTipFloor(), getExpectedFloor([1_000, 1_000, 1_000, 7_000]))
})

t.test('nothing is sampled before the tip accounts are known', async (t) => {
  const window = createTipFloorWindow()
  window.record(payTip(1, 5_000n))
  t.same(window.getTipFloor(), getExpectedFloor([]))
  window.setTipAccounts(JITO_TIP_ACCOUNTS)
  window.record(payTip(1, 5_000n))
  t.same(window.getTipFloor(), getExpectedFloor([5_000]))
  t.throws(() => window.setTipAccounts(['not-an-address']), 'a malformed address is refused')
})
