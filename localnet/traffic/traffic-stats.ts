/** Counters of a traffic run, overall and per kind. */
import type { TrafficKind } from './traffic-plan.js'

export type TrafficCounters = {
  /** sendTransaction answered with a signature. */
  sent: number
  /** Seen in getSignatureStatuses without an error. */
  landed: number
  /** Seen in getSignatureStatuses with an error (fee charged): the failing share, or a surprise. */
  failed: number
  /** sendTransaction refused (preflight, signature, transport) or a status was never seen. */
  errors: number
}

export type TrafficStats = TrafficCounters & {
  /** Sent, status not yet seen. */
  pending: number
  /** Sends skipped because maxInFlight requests were already waiting (the rate was not met). */
  behind: number
  byKind: Record<Exclude<TrafficKind, 'swap'>, TrafficCounters>
  lastError: string | null
}

const zero = (): TrafficCounters => ({ sent: 0, landed: 0, failed: 0, errors: 0 })

/** Creates zeroed stats. */
export function createTrafficStats(): TrafficStats {
  return {
    ...zero(),
    pending: 0,
    behind: 0,
    byKind: { 'sol-transfer': zero(), 'token-transfer': zero(), 'failing-transfer': zero() },
    lastError: null,
  }
}

/** Adds one outcome to the totals and to its kind. */
export function countOutcome(stats: TrafficStats, kind: Exclude<TrafficKind, 'swap'>, outcome: keyof TrafficCounters): void {
  stats[outcome]++
  stats.byKind[kind][outcome]++
}

/** A deep copy callers may keep. */
export function toStatsSnapshot(stats: TrafficStats): TrafficStats {
  return {
    ...stats,
    byKind: {
      'sol-transfer': { ...stats.byKind['sol-transfer'] },
      'token-transfer': { ...stats.byKind['token-transfer'] },
      'failing-transfer': { ...stats.byKind['failing-transfer'] },
    },
  }
}
