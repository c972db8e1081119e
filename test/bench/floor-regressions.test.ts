import t from 'tap'
import { compareFloorResults, DEFAULT_TOLERANCES } from '../../bench/floor/floor-regressions.js'
import type { TargetCheck } from '../../bench/floor/floor-targets.js'

function target(id: string, pass: boolean): TargetCheck {
  return { id, measured: 1, limit: 1, comparison: '≤', unit: 'ms', pass }
}

t.test('a latency ratio that grew past the tolerance regressed; one within it did not', async (t) => {
  const baseline = { ratios: { 'rest.one-caller.p50/bare': 10, 'grpc.one-caller.p50/bare': 10 }, targets: [] }
  const current = {
    ratios: { 'rest.one-caller.p50/bare': 10 * (1 + DEFAULT_TOLERANCES.latency) + 1, 'grpc.one-caller.p50/bare': 11 },
    targets: [],
  }
  const byName = new Map(compareFloorResults(current, baseline).map((c) => [c.name, c]))
  t.equal(byName.get('rest.one-caller.p50/bare')?.regressed, true)
  t.equal(byName.get('grpc.one-caller.p50/bare')?.regressed, false)
})

t.test('a throughput ratio regresses when it falls, not when it rises', async (t) => {
  const baseline = {
    ratios: { 'rest.saturation.rate/bare': 0.2, 'grpc.saturation.rate/bare': 0.2, 'rest.open.max-rate/bare': 0.2 },
    targets: [],
  }
  const current = {
    ratios: { 'rest.saturation.rate/bare': 0.1, 'grpc.saturation.rate/bare': 0.5, 'rest.open.max-rate/bare': 0.12 },
    targets: [],
  }
  const byName = new Map(compareFloorResults(current, baseline).map((c) => [c.name, c]))
  t.equal(byName.get('rest.saturation.rate/bare')?.regressed, true)
  t.equal(byName.get('grpc.saturation.rate/bare')?.regressed, false)
  // The open-loop rate has the widest tolerance (0.5): −40 % is noise.
  t.equal(byName.get('rest.open.max-rate/bare')?.regressed, false)
})

t.test('a target that held in the baseline and now misses regressed; one that missed in both did not', async (t) => {
  const baseline = { ratios: {}, targets: [target('rest.saturation.p99', true), target('rest.saturation.rate', false)] }
  const current = { ratios: {}, targets: [target('rest.saturation.p99', false), target('rest.saturation.rate', false)] }
  const regressed = compareFloorResults(current, baseline)
    .filter((c) => c.regressed)
    .map((c) => c.name)
  t.same(regressed, ['target rest.saturation.p99'])
})

t.test('without a baseline nothing regresses and missing ratios are not compared', async (t) => {
  const comparisons = compareFloorResults(
    { ratios: { 'rest.one-caller.p50/bare': 3, 'grpc.one-caller.p50/bare': null }, targets: [target('x', false)] },
    null,
  )
  t.equal(comparisons.filter((c) => c.regressed).length, 0)
  t.equal(comparisons.find((c) => c.name === 'grpc.one-caller.p50/bare')?.why, 'not compared')
})
