/**
 * A closed-loop load on one of the service's doors, as bench:cpu, bench:gc, bench:alloc and
 * bench:heap run it: REST through wrk (distinct transactions), the engine's gRPC port through
 * h2load (one transaction: with the result cache off each call is still simulated), WebSocket
 * through the floor benchmark's load worker processes (distinct transactions, JSON text frames);
 * the calls in flight over two connections (sockets), as the floor benchmark's saturation runs.
 */
import { fileURLToPath } from 'node:url'
import { GRPC_SIMULATE_PATH, SIMULATE_PATH, STREAM_PATH, toGrpcRequestFrame, toRestBodies } from './door-requests.js'
import { toLoadTarget } from './door-runs.js'
import type { FloorRun } from './floor-run.js'
import { runH2load } from './h2load-run.js'
import type { ServiceProcess } from './service-process.js'
import type { UniqueTransaction } from './unique-transactions.js'
import { createWorkerPool } from './worker-pool.js'
import { runWrk } from './wrk-run.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export type SaturationLoad = (durationS: number, name: string) => Promise<Omit<FloorRun, 'gc' | 'mode'>>

/** The doors a saturation load can drive. */
export const SATURATION_DOORS = ['rest', 'grpc', 'websocket'] as const
export type SaturationDoor = (typeof SATURATION_DOORS)[number]

export function isSaturationDoor(value: string): value is SaturationDoor {
  return (SATURATION_DOORS as readonly string[]).includes(value)
}

/** A door's load, and what must stop after it: the WebSocket door's load worker processes. */
export interface DoorSaturationLoad {
  run: SaturationLoad
  close(): Promise<void>
}

/** The load of `door` at `connections` calls in flight; wrk's and h2load's request files go to `workDir`. */
export function startSaturationLoad(
  door: SaturationDoor,
  service: Pick<ServiceProcess, 'origin' | 'grpcAddress' | 'apiKey'>,
  transactions: readonly UniqueTransaction[],
  connections: number,
  workDir: string,
): DoorSaturationLoad {
  const headers = { 'x-api-key': service.apiKey }
  // wrk and h2load need a connection per thread: one caller is one thread.
  const threads = Math.min(2, connections)
  if (door === 'rest') {
    const bodies = toRestBodies(transactions)
    return {
      run: (durationS, name) =>
        runWrk({ origin: service.origin, path: SIMULATE_PATH, headers, bodies, threads, connections, durationS, workDir, name }),
      close: async () => undefined,
    }
  }
  if (door === 'websocket') return startWebSocketLoad(service, transactions, connections)
  const body = toGrpcRequestFrame(transactions[0] as UniqueTransaction)
  return {
    run: (durationS, name) =>
      runH2load({
        url: `http://${service.grpcAddress}${GRPC_SIMULATE_PATH}`,
        body,
        headers,
        // As the floor bench's gRPC saturation: two connections, the calls in flight spread over them.
        clients: threads,
        streams: Math.max(1, Math.floor(connections / 2)),
        threads,
        durationS,
        workDir,
        name,
      }),
    close: async () => undefined,
  }
}

/** The floor bench's WebSocket load: two load worker processes, the callers spread over two sockets. */
function startWebSocketLoad(
  service: Pick<ServiceProcess, 'origin' | 'apiKey'>,
  transactions: readonly UniqueTransaction[],
  connections: number,
): DoorSaturationLoad {
  const pool = createWorkerPool(ROOT, 2)
  const endpoint = {
    door: 'websocket',
    side: 'service',
    address: `${service.origin.replace(/^http/, 'ws')}${STREAM_PATH}`,
    apiKey: service.apiKey,
    gc: null,
  } as const
  const requests = {
    restBodies: [],
    transactions: transactions.map((transaction) => transaction.base64),
    grpcFrame: toGrpcRequestFrame(transactions[0] as UniqueTransaction),
  }
  const target = toLoadTarget(endpoint, requests, Math.min(2, connections))
  return {
    run: (durationS) => pool.run({ target, mode: 'saturation', concurrency: connections, warmupMs: 0, durationS }),
    close: () => pool.close(),
  }
}
