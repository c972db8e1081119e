/** Simulation history and statistics (the HistoryService part of the user service contract). */
import type { HistoryService } from '../contract/index.js'
import type { Database } from '../db/database.js'
import { getServiceTotals } from './service-totals.js'
import { getSimulationCountsSince } from './simulation-counts.js'
import { getSimulationPage } from './simulation-page.js'
import { insertSimulations } from './simulation-insert.js'
import { getSubmitUsage } from './submit-usage.js'
import { getUserStats } from './user-stats.js'

export interface HistoryServiceOptions {
  db: Database
  /** Epoch ms: "today", "7 d" and "24 h" are measured from it (injected in tests). */
  now: () => number
}

/** The history service on `db` (migrated beforehand). */
export function createHistoryService({ db, now }: HistoryServiceOptions): HistoryService {
  return {
    recordSimulations: (records) => insertSimulations(db, records),
    listSimulations: (query) => getSimulationPage(db, query),
    getUserStats: (userId, days) => getUserStats(db, userId, now(), days),
    getServiceTotals: () => getServiceTotals(db, now()),
    getSimulationCountsSince: (sinceMs) => getSimulationCountsSince(db, sinceMs),
    getSubmitUsage: (userId, sinceMs, untilMs) => getSubmitUsage(db, userId, sinceMs, untilMs),
  }
}
