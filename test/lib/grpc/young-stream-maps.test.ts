/**
 * lib/grpc/young-stream-maps.ts: after a full collection, a grpc-js server's calls on a long-lived
 * connection die young again.
 *
 * node:http2 keeps each session's open streams in a Map. Once a full collection has moved the Map's
 * table to the old generation, every later table is born there and each replaced table keeps its
 * entries, so every call (its stream, grpc-js's call and what they hold) was promoted: ≈3–4 KB a
 * call here, with a full collection every second. Renewing the Maps after each full collection
 * brings it to ≈0.5 KB. The probe runs in a process of its own, its load in another
 * (test/helpers/grpc-stream-promotion-probe.ts), with and without the renewal; the second run
 * shows what the check would see without it.
 */
import t from 'tap'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  credentials,
  Server,
  ServerCredentials,
  makeGenericClientConstructor,
  type sendUnaryData,
  type ServerUnaryCall,
} from '@grpc/grpc-js'
import { keepStreamMapsYoung, renewStreamMaps } from '../../../lib/grpc/young-stream-maps.js'
import { ECHO_SERVICE } from '../../helpers/grpc-echo-service.js'

const run = promisify(execFile)
const PROBE = fileURLToPath(new URL('../../helpers/grpc-stream-promotion-probe.ts', import.meta.url))
// Renewed: 450–610 bytes a call in windows without a full collection; left as it is: 2,900–4,300.
const MAX_BYTES_PER_CALL = 1_500

interface ProbeWindow {
  calls: number
  bytesPerCall: number
  fullCollection: boolean
}

async function probe(mode: 'renew' | 'plain'): Promise<ProbeWindow[]> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', PROBE, mode], { timeout: 60_000 })
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ProbeWindow)
}

/** The median bytes a call of the windows no full collection interrupted. */
function getMedianGrowth(windows: readonly ProbeWindow[]): number {
  const growth = windows
    .filter((window) => !window.fullCollection && window.calls > 0)
    .map((window) => window.bytesPerCall)
    .sort((a, b) => a - b)
  return growth[Math.floor(growth.length / 2)] ?? Number.NaN
}

t.test('after a full collection, calls on one connection are no longer promoted', async (t) => {
  const renewed = await probe('renew')
  const plain = await probe('plain')
  t.ok(
    renewed.some((window) => !window.fullCollection),
    `windows without a full collection: ${renewed.filter((window) => !window.fullCollection).length}`,
  )
  const renewedGrowth = getMedianGrowth(renewed)
  const plainGrowth = getMedianGrowth(plain)
  t.ok(
    renewedGrowth < MAX_BYTES_PER_CALL,
    `renewed: the old generation grew ${Math.round(renewedGrowth)} bytes a call (< ${MAX_BYTES_PER_CALL})`,
  )
  t.ok(
    Number.isNaN(plainGrowth) || plainGrowth > renewedGrowth * 2,
    `left as it is: ${Number.isNaN(plainGrowth) ? 'a full collection in every window' : `${Math.round(plainGrowth)} bytes a call`}`,
  )
})

t.test('a call open while its session Map is swapped still answers, and so do later ones', async (t) => {
  const definition = ECHO_SERVICE
  const server = new Server()
  const held: Array<() => void> = []
  server.addService(definition, {
    Call: (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
      // The first call waits until the Map has been swapped under it.
      if (call.request.toString() === 'hold') held.push(() => callback(null, Buffer.from('held')))
      else callback(null, call.request)
    },
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  )
  const young = keepStreamMapsYoung(server)
  const Client = makeGenericClientConstructor(definition, 'Echo')
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as {
    Call(request: Buffer, callback: (error: Error | null, response?: Buffer) => void): void
    close(): void
  }
  const ask = (text: string) =>
    new Promise<string>((resolve, reject) =>
      client.Call(Buffer.from(text), (error, response) => (error ? reject(error) : resolve(response?.toString() ?? ''))),
    )
  t.teardown(() => {
    young.stop()
    client.close()
    server.forceShutdown()
  })

  t.equal(await ask('before'), 'before')
  const holding = ask('hold')
  while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
  t.equal(renewStreamMaps(server), 1, "the connection's session Map is swapped")
  ;(held.shift() as () => void)()
  t.equal(await holding, 'held', 'the call open across the swap answers')
  t.equal(await ask('after'), 'after', 'a later call on the same connection answers')
  t.equal(renewStreamMaps(server), 1, 'and can be swapped again')
})
