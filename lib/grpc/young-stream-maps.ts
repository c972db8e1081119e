/**
 * Keeps node:http2's per-session stream tables young on a gRPC server, so that a long-lived
 * connection's calls die young again after a full collection.
 *
 * Each HTTP/2 session keeps its open streams in a Map: `set` when a stream opens, `delete` when it
 * closes. V8 rebuilds a Map's table every few dozen such calls, in the generation of the table it
 * replaces, and the replaced table keeps the entries it held. A full collection moves the live table
 * to the old generation, and from then on every table is born there: every replaced one is dead
 * old memory still pointing at the streams then open, so each young collection treats them as live
 * and promotes them (with grpc-js's call and everything the call holds) until the next full
 * collection, which comes within a second or two under load and pauses the thread for 15–80 ms
 * (bench/README.md, "A Map that promoted every call"). The engine's own calls were held in such a
 * Map once (engine/hot-path/workers/pending-calls.ts replaced it); node:http2's is Node's.
 *
 * After each full collection this swaps each open session's stream Map for a copy, whose table is
 * young: later tables are born young and die in the young collections, as before the first full
 * collection. The Map lives on Node's session under a private symbol (`state`), reached through
 * grpc-js's record of its HTTP/2 servers and their sessions; where either is not found (another
 * Node or grpc-js version), nothing is swapped and the server works as it would without this.
 * The swap happens between turns of the event loop (a GC entry is delivered as a task), never
 * while node:http2 holds the Map in a local variable.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks'
import type { Server } from '@grpc/grpc-js'

/** grpc-js's private record of its HTTP/2 servers, each with its open sessions (grpc-js 1.14). */
interface GrpcServerInternals {
  http2Servers?: unknown
}

interface StreamMap {
  constructor: new (entries: StreamMap) => StreamMap
}

/** Node's per-session state under its private `state` symbol, holding the open streams. */
function getSessionState(session: object): { streams: StreamMap } | undefined {
  const symbol = Object.getOwnPropertySymbols(session).find((candidate) => candidate.description === 'state')
  const state = symbol === undefined ? undefined : (session as Record<symbol, unknown>)[symbol]
  if (typeof state !== 'object' || state === null) return undefined
  const { streams } = state as { streams?: unknown }
  if (typeof streams !== 'object' || streams === null || typeof (streams as { set?: unknown }).set !== 'function') return undefined
  return state as { streams: StreamMap }
}

/** The open HTTP/2 sessions of a grpc-js server, as grpc-js records them; none when its internals differ. */
function getSessions(server: Server): object[] {
  const servers = (server as unknown as GrpcServerInternals).http2Servers
  if (!(servers instanceof Map)) return []
  const sessions: object[] = []
  for (const info of servers.values() as Iterable<{ sessions?: unknown }>) {
    if (info.sessions instanceof Set) for (const session of info.sessions as Set<object>) sessions.push(session)
  }
  return sessions
}

/** Swaps each open session's stream Map for a copy; returns how many were swapped. */
export function renewStreamMaps(server: Server): number {
  let renewed = 0
  for (const session of getSessions(server)) {
    const state = getSessionState(session)
    if (!state) continue
    const { streams } = state
    state.streams = new streams.constructor(streams)
    renewed++
  }
  return renewed
}

/** Renews `server`'s stream Maps after every full collection until stopped. */
export function keepStreamMapsYoung(server: Server): { stop(): void } {
  const observer = new PerformanceObserver((list) => {
    // A gc entry's detail holds its kind (Node 16+); @types/node types the entry without it.
    const major = list
      .getEntries()
      .some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
    if (major) renewStreamMaps(server)
  })
  observer.observe({ entryTypes: ['gc'] })
  return { stop: () => observer.disconnect() }
}
