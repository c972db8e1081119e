import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import t from 'tap'
import { createLeaderSandwichRates, getWilsonInterval } from '../../../../engine/detection/mev/leader-sandwich-rates.js'
import type { LeaderSandwichStats } from '../../../../engine/detection/mev/sandwich-detector.js'
import { SANDWICH_REPORT_PATH, decodeSandwichReport, loadSandwichReport } from '../../../../engine/detection/mev/sandwich-report.js'
import { type AccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'

/** SHA-256 of the upstream report, as engine/detection/mev/data/README.md records it. */
const UPSTREAM_SHA256 = 'dcdbd49a5538e13743c0de55221708d48bbcfe024277a1fd870850f1edcc7eae'

t.test('the bundled report is the upstream file, and every leader row parses with shares in [0, 1]', async (t) => {
  const text = readFileSync(SANDWICH_REPORT_PATH, 'utf8')
  t.equal(createHash('sha256').update(text).digest('hex'), UPSTREAM_SHA256, 'copied unchanged')
  // Leader rows start with a base58 identity and a comma (one name holds a line break, so lines are not rows).
  const identities = [...text.matchAll(/^([1-9A-HJ-NP-Za-km-z]{32,44}),/gm)].map((m) => m[1]!)
  t.equal(identities.length, 110)
  const report = loadSandwichReport()
  t.equal(report.leaders.size, identities.length, 'one entry per leader row')
  t.equal(report.clusterRate, 0.00888)
  for (const identity of identities) {
    const entry = report.leaders.get(fromBase58Address(identity))
    if (!entry) {
      t.fail(`${identity} missing`)
      continue
    }
    t.ok(
      entry.lowerBound >= 0 && entry.lowerBound <= entry.rate && entry.rate <= entry.upperBound && entry.upperBound <= 1,
      `${identity} bounds`,
    )
    t.ok(Number.isSafeInteger(entry.slots) && entry.slots > 0)
    // The report's bounds are the Wilson interval of Sc_p over the leader's slots at Z = 3.89.
    const { lower, upper } = getWilsonInterval(entry.rate, entry.slots)
    t.ok(Math.abs(lower - entry.lowerBound) < 1e-9 && Math.abs(upper - entry.upperBound) < 1e-9, `${identity} Wilson interval`)
  }
  t.same(report.leaders.get(fromBase58Address('FimxwskHym6UxYbPyTNovPKqnaHnUuSDDXangz7ysUmQ')), {
    rate: 0.2959692028985507,
    lowerBound: 0.21294109727772015,
    upperBound: 0.39511872936339154,
    slots: 368,
  })
  t.ok(report.leaders.has(fromBase58Address('GiGa4gzsvLHmtPdN4MXFnr5U8cRbxS2FoVkZ8xq2uus5')), 'the row whose name holds a line break')
})

t.test('a malformed report is refused', async (t) => {
  const header = 'leader,vote,name,Sc,Sc_p,R-Sc,R-Sc_p,slots,Sc_p_lb,Sc_p_ub,Sc_p_flag,Sc_lb,Sc_ub,Sc_flag,dontfront_violations'
  const row = (rate: string, slots = '10') =>
    `FimxwskHym6UxYbPyTNovPKqnaHnUuSDDXangz7ysUmQ,,"",0.1,${rate},1,1,${slots},0.01,0.5,true,0,0,true,1`
  const footer = 'Weighted avg Sc_p,0.00888,,,,,,,,,,,,,'
  t.equal(decodeSandwichReport([header, row('0.2'), footer].join('\n')).leaders.size, 1)
  t.throws(() => decodeSandwichReport([header, row('1.5'), footer].join('\n')), /Sc_p is not a share/)
  t.throws(() => decodeSandwichReport([header, row('0.2', '0'), footer].join('\n')), /slots/)
  t.throws(() => decodeSandwichReport([header, row('0.2')].join('\n')), /Weighted avg Sc_p/)
})

t.test('report, stream and blend', async (t) => {
  const report = loadSandwichReport()
  const small = fromBase58Address('FimxwskHym6UxYbPyTNovPKqnaHnUuSDDXangz7ysUmQ') // 368 slots at 0.296
  const large = fromBase58Address('7y5VhV4fkz6r4zUmH2UiwPjLwXzPL1PcV28or5NWkWRL') // 29,920 slots
  const unlisted = fromBase58Address('11111111111111111111111111111111')
  const stream = new Map<AccountKey, LeaderSandwichStats>()
  const rates = createLeaderSandwichRates({ report, getStreamStats: () => stream })
  t.same(rates.getLeaderSandwichRate(small), {
    rate: 0.2959692028985507,
    source: 'report',
    slots: 368,
    lowerBound: 0.21294109727772015,
    upperBound: 0.39511872936339154,
  })
  t.equal(rates.getLeaderSandwichRate(unlisted), undefined, 'nobody knows it')
  t.equal(rates.clusterRate, 0.00888)

  stream.set(small, { slots: 100, sandwichSlots: 50, sandwiches: 70 })
  stream.set(unlisted, { slots: 40, sandwichSlots: 4, sandwiches: 4 })
  const large0 = report.leaders.get(large)!
  stream.set(large, { slots: 1_000, sandwichSlots: 0, sandwiches: 0 })
  const blended = rates.getLeaderSandwichRate(small)!
  t.equal(blended.source, 'blend')
  t.equal(blended.slots, 468)
  t.ok(Math.abs(blended.rate - (0.2959692028985507 * 368 + 50) / 468) < 1e-12, '(r·w + k) / (w + n)')
  t.ok(blended.lowerBound < blended.rate && blended.rate < blended.upperBound)
  t.same(rates.getLeaderSandwichRate(unlisted), { rate: 0.1, source: 'stream', slots: 40, ...bounds(0.1, 40) })
  const capped = rates.getLeaderSandwichRate(large)!
  t.equal(capped.slots, 2_000, 'the report counts for 1,000 slots at most')
  t.ok(Math.abs(capped.rate - large0.rate / 2) < 1e-12, 'half report, half a clean stream')
})

function bounds(p: number, n: number) {
  const { lower, upper } = getWilsonInterval(p, n)
  return { lowerBound: lower, upperBound: upper }
}
