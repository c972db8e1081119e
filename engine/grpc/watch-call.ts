/**
 * The engine's `Watch` call (server streaming, docs/api.md#watching-a-simulation): through the gate
 * like every call (an API key, charged one request and one simulation and recorded as the simulate
 * it starts with; or an edge's internal token), then the first answer, an event per update and one
 * with the end reason. The client cancelling the call is the unsubscribe; the watch stops at once.
 */
import { Metadata, type ServerWritableStream } from '@grpc/grpc-js'
import { toGrpcError } from '../../lib/grpc/service-error-status.js'
import type { SimulateRequest__Output } from '../../proto/gen/preflight/engine/v1/SimulateRequest.js'
import type { WatchEvent } from '../../proto/gen/preflight/engine/v1/WatchEvent.js'
import type { WatchStart } from '../contract/simulation-watch.js'
import type { Engine } from '../engine.js'
import type { DirectCall, DirectCallGate } from './direct-call.js'
import type { SimulateOptions } from '../contract/simulate-request.js'
import { toSimulateResponseMessage } from '../messages/simulate-message.js'
import { toSimulateOptions } from '../messages/simulate-request-options.js'

type WatchCall = ServerWritableStream<SimulateRequest__Output, WatchEvent>

/** How to end each Watch call still streaming, with end_reason shutting_down (the server's close calls them). */
export type OpenWatchCalls = Set<() => void>

/** The Watch handler of `engine`, behind `gate` when given; its streaming calls join `open` while they stream. */
export function createWatchHandler(
  engine: Pick<Engine, 'watch'>,
  gate: DirectCallGate | undefined,
  open: OpenWatchCalls,
): (call: WatchCall) => void {
  return (call) => {
    let cancelled = false
    let watch: WatchStart | undefined
    const endNow = () => {
      open.delete(endNow)
      if (!watch || cancelled) return
      watch.cancel()
      call.write({ watch_id: watch.watchId, end_reason: 'shutting_down' })
      call.end()
    }
    call.on('cancelled', () => {
      cancelled = true
      open.delete(endNow)
      watch?.cancel()
    })
    const fail = (error: unknown) => {
      if (!cancelled) call.emit('error', toGrpcError(error))
    }
    let options: SimulateOptions
    try {
      options = toSimulateOptions(call.request)
    } catch (error) {
      return fail(error)
    }
    const transaction = call.request.transaction

    const run = (direct: DirectCall | undefined) => {
      if (cancelled) return
      if (direct) {
        if (Object.keys(direct.headers).length > 0) {
          const metadata = new Metadata()
          for (const [name, value] of Object.entries(direct.headers)) metadata.set(name, value)
          call.sendMetadata(metadata)
        }
        // An API key watches for its own user, whatever the request names.
        if (direct.tenantId !== undefined) options.tenantId = direct.tenantId
        try {
          direct.assertRecordable()
        } catch (error) {
          return fail(error)
        }
      }
      let watchId = ''
      engine
        .watch(transaction, options, {
          update: (response) => {
            call.write({ watch_id: watchId, simulation: toSimulateResponseMessage(response) })
          },
          end: (reason) => {
            open.delete(endNow)
            call.write({ watch_id: watchId, end_reason: reason })
            call.end()
          },
        })
        .then((started) => {
          if (cancelled) return started.cancel()
          watch = started
          watchId = started.watchId
          try {
            // The first answer is the simulate the caller was charged for; updates are not recorded.
            direct?.record(transaction, started.response)
          } catch (error) {
            started.cancel()
            return fail(error)
          }
          call.write({ watch_id: watchId, simulation: toSimulateResponseMessage(started.response) })
          open.add(endNow)
        }, fail)
    }

    if (!gate) return run(undefined)
    let admitted: DirectCall | Promise<DirectCall>
    try {
      admitted = gate.admit(call.metadata, 1)
    } catch (error) {
      return fail(error)
    }
    if (admitted instanceof Promise) admitted.then(run, fail)
    else run(admitted)
  }
}
