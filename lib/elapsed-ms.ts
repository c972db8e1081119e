/** Milliseconds since `startedAt` (performance.now()), to the microsecond: what answers report as latency_ms (never 1506.4061430000002). */
export function elapsedMs(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 1000) / 1000
}
