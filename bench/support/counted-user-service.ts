/**
 * The user service client the benchmark's edge is given, counting what the edge asks of it:
 * credential lookups (none once the authenticator is warm) and the simulation history it writes,
 * which leaves the request path but, on the embedded PGlite, still runs on this process's event
 * loop.
 */
import type { UserServiceClient } from '../../accounts/user-service-client.js'

export interface UserServiceCallCounts {
  /** authenticateApiKey and getUserState calls: the authenticator's cache misses. */
  lookups: number
  historyBatches: number
  historyRecords: number
  /** Wall time of the history writes, summed (ms). */
  historyWriteMs: number
}

/** Wraps `userService` (a plain object, as the in-process client is); `counts` grows as the edge calls it. */
export function createCountedUserService(userService: UserServiceClient): {
  userService: UserServiceClient
  counts: UserServiceCallCounts
} {
  const counts: UserServiceCallCounts = { lookups: 0, historyBatches: 0, historyRecords: 0, historyWriteMs: 0 }
  return {
    counts,
    userService: {
      ...userService,
      authenticateApiKey(keyHash) {
        counts.lookups++
        return userService.authenticateApiKey(keyHash)
      },
      getUserState(userId) {
        counts.lookups++
        return userService.getUserState(userId)
      },
      async recordSimulations(records) {
        const start = performance.now()
        try {
          await userService.recordSimulations(records)
          counts.historyBatches++
          counts.historyRecords += records.length
        } finally {
          counts.historyWriteMs += performance.now() - start
        }
      },
    },
  }
}
