/**
 * createServiceStatus with component checks (the engine's state): sync or async, the worst state
 * wins, a check that throws counts as down, and the figures and checks are read side by side.
 */
import t from 'tap'
import type { ServiceTotals } from '../../accounts/contract/index.js'
import { createServiceStatus, type ServiceState } from '../../edge/status/service-status.js'

const TOTALS: ServiceTotals = {
  total_simulations: 10,
  simulations_24h: 4,
  success_rate_24h: 0.75,
  latency_p50_ms: 0.3,
  latency_p95_ms: 0.6,
  latency_p99_ms: 0.9,
}

/** A status reader without cache, whose components answer `states` (resolved a turn later). */
function createReader(states: () => ServiceState[], getTotals = async () => TOTALS) {
  return createServiceStatus({ getTotals, getComponentStates: async () => states(), cacheMs: 0 })
}

t.test('the worst of the figures and the components wins', async (t) => {
  const cases: Array<[ServiceState[], ServiceState]> = [
    [[], 'operational'],
    [['operational'], 'operational'],
    [['operational', 'degraded'], 'degraded'],
    [['degraded', 'down', 'operational'], 'down'],
  ]
  for (const [states, want] of cases) {
    t.equal((await createReader(() => states).get()).status, want, JSON.stringify(states))
  }
  const failingTotals = async (): Promise<ServiceTotals> => Promise.reject(new Error('history down'))
  t.equal((await createReader(() => ['operational'], failingTotals).get()).status, 'degraded', 'figures unreadable: degraded')
  t.equal((await createReader(() => ['down'], failingTotals).get()).status, 'down', 'a down engine outranks unreadable figures')
})

t.test('synchronous checks still work', async (t) => {
  const reader = createServiceStatus({ getTotals: async () => TOTALS, getComponentStates: () => ['degraded'], cacheMs: 0 })
  t.equal((await reader.get()).status, 'degraded')
})

t.test('a check that throws or rejects counts as down, with the figures kept', async (t) => {
  const rejecting = createServiceStatus({
    getTotals: async () => TOTALS,
    getComponentStates: () => Promise.reject(new Error('x')),
    cacheMs: 0,
  })
  const status = await rejecting.get()
  t.equal(status.status, 'down')
  t.equal(status.total_simulations, TOTALS.total_simulations, 'the history figures are still reported')
  const throwing = createServiceStatus({
    getTotals: async () => TOTALS,
    getComponentStates: () => {
      throw new Error('y')
    },
    cacheMs: 0,
  })
  t.equal((await throwing.get()).status, 'down')
})

t.test('the figures and the checks are read at the same time', async (t) => {
  let totalsStarted = false
  let checkStarted = false
  let releaseTotals!: () => void
  const reader = createServiceStatus({
    getTotals: async () => {
      totalsStarted = true
      await new Promise<void>((resolve) => (releaseTotals = resolve))
      return TOTALS
    },
    getComponentStates: async () => {
      checkStarted = true
      return ['operational']
    },
    cacheMs: 0,
  })
  const answer = reader.get()
  await new Promise((resolve) => setImmediate(resolve))
  t.ok(totalsStarted && checkStarted, 'the check started while the figures were still being read')
  releaseTotals()
  t.equal((await answer).status, 'operational')
})

t.test('a component change shows only after the cache expired', async (t) => {
  let nowMs = 1_000_000
  let state: ServiceState = 'operational'
  const reader = createServiceStatus({
    getTotals: async () => TOTALS,
    getComponentStates: async () => [state],
    now: () => nowMs,
    cacheMs: 5_000,
  })
  t.equal((await reader.get()).status, 'operational')
  state = 'degraded'
  nowMs += 4_999
  t.equal((await reader.get()).status, 'operational', 'cached')
  nowMs += 1
  const status = await reader.get()
  t.equal(status.status, 'degraded', 'refreshed')
  t.ok(status.uptime_pct < 100, 'a degraded check counts against uptime', { uptime_pct: status.uptime_pct })
})
