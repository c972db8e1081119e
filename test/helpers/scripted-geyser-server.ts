/** A Yellowstone geyser server whose Subscribe calls a test scripts, for what localnet's never sends (stalls, refusals, dead slots). */
import { Metadata, Server, ServerCredentials, type ServerDuplexStream } from '@grpc/grpc-js'
import type { Test } from 'tap'
import { geyserServiceDefinition } from '../../localnet/geyser/geyser-service-definition.js'
import { SubscribeUpdate, type SubscribeRequest } from '../../localnet/geyser/yellowstone-messages.js'

export type ScriptedCall = ServerDuplexStream<SubscribeRequest, Uint8Array>

/** One SubscribeUpdate's bytes (filters and createdAt filled in). */
export const encodeUpdate = (update: Record<string, unknown>): Uint8Array =>
  SubscribeUpdate.encode(
    (SubscribeUpdate.fromPartial as (p: object) => SubscribeUpdate)({ filters: [], createdAt: new Date(), ...update }),
  ).finish()

/** Starts the server; `behave(callIndex, request, call)` runs for each request of each Subscribe call. */
export async function startScriptedGeyserServer(
  t: Test,
  behave: (index: number, request: SubscribeRequest, call: ScriptedCall) => void,
): Promise<{ url: string; requests: SubscribeRequest[][] }> {
  const requests: SubscribeRequest[][] = []
  const server = new Server()
  server.addService(geyserServiceDefinition, {
    Subscribe(call: ScriptedCall) {
      const index = requests.push([]) - 1
      call.sendMetadata(new Metadata())
      call.on('data', (request: SubscribeRequest) => {
        requests[index]!.push(request)
        behave(index, request, call)
      })
      call.on('error', () => {})
    },
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  )
  t.teardown(() => server.forceShutdown())
  return { url: `http://127.0.0.1:${port}`, requests }
}
