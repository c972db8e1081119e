/**
 * A grpc-js client in a process of its own, `concurrency` calls in flight on one channel (as
 * bench/load's stub and engine/client/engine-client.ts dial the engine), answers not decoded: the
 * standard-client view of a server, whose own cost this shows beside h2load's.
 *   npx tsx bench/grpc/grpc-js-caller.ts <port> <concurrency> <seconds> <framed request, base64> [api key]
 * Prints {"callsPerS", "failed", "p50Us", "p99Us"} as one JSON line.
 */
import { Client, credentials, Metadata } from '@grpc/grpc-js'

const [port, concurrency, seconds, request64, apiKey] = process.argv.slice(2)
const request = Buffer.from(request64 ?? '', 'base64').subarray(5)
const identity = (bytes: Buffer) => bytes
const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure(), { 'grpc.use_local_subchannel_pool': 1 })
await new Promise<void>((resolve, reject) => client.waitForReady(Date.now() + 5_000, (error) => (error ? reject(error) : resolve())))
const metadata = new Metadata()
if (apiKey) metadata.set('x-api-key', apiKey)
const call = () =>
  new Promise<boolean>((resolve) =>
    client.makeUnaryRequest('/preflight.engine.v1.Engine/Simulate', identity, identity, request, metadata, {}, (error) => resolve(!error)),
  )
const warmupEnd = Date.now() + 1_000
const end = warmupEnd + Number(seconds) * 1_000
const latenciesUs: number[] = []
let failed = 0
const loop = async () => {
  while (Date.now() < end) {
    const warm = Date.now() >= warmupEnd
    const start = process.hrtime.bigint()
    const ok = await call()
    if (!warm) continue
    if (!ok) failed++
    latenciesUs.push(Number(process.hrtime.bigint() - start) / 1_000)
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, loop))
client.close()
latenciesUs.sort((a, b) => a - b)
const at = (fraction: number) => Math.round(latenciesUs[Math.floor(latenciesUs.length * fraction)] ?? Number.NaN)
process.stdout.write(`${JSON.stringify({ callsPerS: latenciesUs.length / Number(seconds), failed, p50Us: at(0.5), p99Us: at(0.99) })}\n`)
