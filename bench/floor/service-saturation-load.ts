/**
 * A closed-loop load on the service's REST door (wrk, distinct transactions) or its engine gRPC port
 * (h2load, one transaction: with the result cache off each call is still simulated), as bench:cpu
 * and bench:gc run it: the calls in flight over two threads and two connections.
 */
import { GRPC_SIMULATE_PATH, SIMULATE_PATH, toGrpcRequestFrame, toRestBodies } from './door-requests.js'
import type { FloorRun } from './floor-run.js'
import { runH2load } from './h2load-run.js'
import type { ServiceProcess } from './service-process.js'
import type { UniqueTransaction } from './unique-transactions.js'
import { runWrk } from './wrk-run.js'

export type SaturationLoad = (durationS: number, name: string) => Promise<Omit<FloorRun, 'gc' | 'mode'>>

/** The load of `door` at `connections` calls in flight; its request files go to `workDir`. */
export function createSaturationLoad(
  door: 'rest' | 'grpc',
  service: Pick<ServiceProcess, 'origin' | 'grpcAddress' | 'apiKey'>,
  transactions: readonly UniqueTransaction[],
  connections: number,
  workDir: string,
): SaturationLoad {
  const headers = { 'x-api-key': service.apiKey }
  // wrk and h2load need a connection per thread: one caller is one thread.
  const threads = Math.min(2, connections)
  if (door === 'rest') {
    const bodies = toRestBodies(transactions)
    return (durationS, name) =>
      runWrk({ origin: service.origin, path: SIMULATE_PATH, headers, bodies, threads, connections, durationS, workDir, name })
  }
  const body = toGrpcRequestFrame(transactions[0] as UniqueTransaction)
  return (durationS, name) =>
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
    })
}
