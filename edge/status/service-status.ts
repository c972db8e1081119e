/**
 * `GET /api/v1/status` (docs/api.md#status-plans-and-health): the service's state with the last
 * 24 h of history figures. The figures are cached briefly, since the route is public and each answer
 * scans a day of history. `uptime_pct` is the share of the observed minutes of the last 24 h (since
 * this edge started, if later) in which every check found the service operational.
 */
import type { ServiceTotals } from '../../accounts/contract/index.js'
import type { Logger } from '../../lib/logger.js'

export type ServiceState = 'operational' | 'degraded' | 'down'

export interface ServiceStatus extends ServiceTotals {
  status: ServiceState
  uptime_pct: number
}

export interface ServiceStatusOptions {
  getTotals: () => Promise<ServiceTotals>
  /** Extra checks (the engine's state); the worst answer wins, and a check that throws counts as down. */
  getComponentStates?: () => ServiceState[] | Promise<ServiceState[]>
  now?: () => number
  cacheMs?: number
  logger?: Logger
}

const MINUTE_MS = 60_000
const DAY_MINUTES = 24 * 60

const EMPTY_TOTALS: ServiceTotals = {
  total_simulations: 0,
  simulations_24h: 0,
  success_rate_24h: 0,
  latency_p50_ms: 0,
  latency_p95_ms: 0,
  latency_p99_ms: 0,
}

const SEVERITY: Record<ServiceState, number> = { operational: 0, degraded: 1, down: 2 }

/** The worst of `states` (`operational` for none). */
export function getWorstState(states: readonly ServiceState[]): ServiceState {
  let worst: ServiceState = 'operational'
  for (const state of states) if (SEVERITY[state] > SEVERITY[worst]) worst = state
  return worst
}

/** Creates the status reader. */
export function createServiceStatus(options: ServiceStatusOptions) {
  const now = options.now ?? Date.now
  const cacheMs = options.cacheMs ?? 5_000
  // minute index → whether every check in that minute was operational
  const minutes = new Map<number, boolean>()
  let cached: { atMs: number; value: ServiceStatus } | undefined
  let pending: Promise<ServiceStatus> | undefined

  const observe = (state: ServiceState, atMs: number) => {
    const minute = Math.floor(atMs / MINUTE_MS)
    minutes.set(minute, (minutes.get(minute) ?? true) && state === 'operational')
    for (const key of minutes.keys()) if (key <= minute - DAY_MINUTES) minutes.delete(key)
  }

  const getUptimePct = () => {
    if (minutes.size === 0) return 100
    let up = 0
    for (const ok of minutes.values()) if (ok) up++
    return Math.round((up / minutes.size) * 100_000) / 1000
  }

  /** The history figures, or undefined when they cannot be read. */
  const getTotals = async (): Promise<ServiceTotals | undefined> => {
    try {
      return await options.getTotals()
    } catch (error) {
      options.logger?.warn({ err: error }, 'status: history figures unavailable')
      return undefined
    }
  }

  const getComponentStates = async (): Promise<ServiceState[]> => {
    try {
      return (await options.getComponentStates?.()) ?? []
    } catch (error) {
      options.logger?.warn({ err: error }, 'status: a component check failed')
      return ['down']
    }
  }

  const refresh = async (): Promise<ServiceStatus> => {
    const atMs = now()
    // Both at once: the answer waits for the slower, not for the sum.
    const [totals, components] = await Promise.all([getTotals(), getComponentStates()])
    const state = getWorstState([totals ? 'operational' : 'degraded', ...components])
    observe(state, atMs)
    const value = { status: state, ...(totals ?? EMPTY_TOTALS), uptime_pct: getUptimePct() }
    cached = { atMs, value }
    return value
  }

  return {
    /** The current status, at most `cacheMs` old. */
    get(): Promise<ServiceStatus> {
      if (cached && now() - cached.atMs < cacheMs) return Promise.resolve(cached.value)
      pending ??= refresh().finally(() => {
        pending = undefined
      })
      return pending
    },
  }
}

export type ServiceStatusReader = ReturnType<typeof createServiceStatus>
