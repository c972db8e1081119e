/**
 * The history journal's part in the edge's `/health` and `/api/v1/status`: while it cannot write,
 * every call that leaves a history record (simulate, batch, execute, send, submit, on every door)
 * is refused with 503 journal_unavailable, so the service is `down` for what it is for.
 */
import type { JournalHealth } from '../../callers/journal-outage.js'
import type { ServiceState } from './service-status.js'

/** `details.journal` of `/health`; null without a journal (an edge built without one: tests). */
export interface JournalHealthBody {
  writable: boolean
  failing_since: string | null
  error: string | null
  refused_calls: number
}

/** The journal's state: `down` while it cannot write, else `operational` (also without a journal). */
export function getJournalState(health: JournalHealth | null): ServiceState {
  return health === null || health.writable ? 'operational' : 'down'
}

/** The journal's health as `/health` shows it. */
export function toJournalHealthBody(health: JournalHealth | null): JournalHealthBody | null {
  if (health === null) return null
  return {
    writable: health.writable,
    failing_since: health.failingSinceMs === null ? null : new Date(health.failingSinceMs).toISOString(),
    error: health.errorCode,
    refused_calls: health.refusedCalls,
  }
}
