/** Back-off before reopening a geyser stream: exponential, capped, with jitter. */

/**
 * The delay before reconnect attempt `attempt` (0-based): `baseMs · 2^attempt` capped at `maxMs`,
 * then scaled by a random factor in [0.5, 1) so that many engines do not reconnect in step.
 */
export function getReconnectDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30))
  return Math.round(ceiling * (0.5 + random() / 2))
}
