/**
 * A watched simulation (docs/api.md#watching-a-simulation): after its first answer, the engine
 * simulates the transaction again whenever an account it read changes on the geyser stream, and
 * tells the watcher when what a user sees changed; the watch ends on its own for one of these
 * reasons. The in-process and gRPC transports carry the same values.
 */
import type { SimulateResponse } from './simulate-response.js'

/**
 * `blockhash_expired`: the transaction's blockhash aged out (it can no longer land);
 * `time_limit`: WATCH_MAX_MS passed; `shutting_down`: the engine or the edge is stopping;
 * `interrupted`: an edge running apart lost the engine's stream (the engine restarted, the network
 * failed). A watch the client ends itself (unsubscribe, socket closed, call cancelled) ends
 * `unsubscribed`.
 */
export const WATCH_END_REASONS = ['blockhash_expired', 'time_limit', 'shutting_down', 'interrupted', 'unsubscribed'] as const
export type WatchEndReason = (typeof WATCH_END_REASONS)[number]

/** What a watch tells its watcher after the first answer. */
export interface WatchListener {
  /** A new answer whose user-visible outcome differs from the last one told (engine/hot-path/watch/visible-outcome.ts). */
  update(response: SimulateResponse): void
  /** The watch ended on the engine's side (never after `cancel`); nothing follows. */
  end(reason: Exclude<WatchEndReason, 'unsubscribed'>): void
}

/** A watch that started: its first answer, its id and how to end it. */
export interface WatchStart {
  response: SimulateResponse
  /** The engine's id of the watch (`w_` and 24 hex digits). */
  watchId: string
  /** Ends the watch at once; its listener is not called again. Idempotent. */
  cancel(): void
}
