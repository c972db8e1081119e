/**
 * Run as a process of its own, with --expose-gc, by test/lib/grpc/young-stream-maps.test.ts: a
 * grpc-js server answering an echo method to a client in another process that keeps 16 calls in
 * flight on one connection (test/helpers/grpc-echo-load.ts). After the first windows, a full
 * collection is forced, as one comes under load; then, for each window of calls, one JSON line:
 * how many bytes a call the old generation grew by, and whether a full collection ran in the window
 * (which would hide the growth). argv[2]: `renew` keeps the sessions' stream Maps young
 * (lib/grpc/young-stream-maps.ts), `plain` leaves the server as grpc-js makes it.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { getHeapSpaceStatistics } from 'node:v8'
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js'
import { keepStreamMapsYoung } from '../../lib/grpc/young-stream-maps.js'
import { ECHO_SERVICE } from './grpc-echo-service.js'

const WINDOW_MS = 400
const WINDOWS = 6
const LOAD = fileURLToPath(new URL('./grpc-echo-load.ts', import.meta.url))
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')

function getOldGenerationUsed(): number {
  let used = 0
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'old_space' || space.space_name === 'large_object_space') used += space.space_used_size
  }
  return used
}

const server = new Server()
let calls = 0
server.addService(ECHO_SERVICE, {
  Call: (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>) => {
    calls++
    callback(null, call.request)
  },
})
const port = await new Promise<number>((resolve, reject) =>
  server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
)
const young = process.argv[2] === 'renew' ? keepStreamMapsYoung(server) : undefined
let fullCollections = 0
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) fullCollections++
})
observer.observe({ entryTypes: ['gc'] })
const load = spawn(process.execPath, ['--import', 'tsx', LOAD, `127.0.0.1:${port}`], { stdio: 'ignore' })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
try {
  await pause(1_500) // connected and warm
  gc()
  await pause(50)
  for (let window = 0; window < WINDOWS; window++) {
    const [usedBefore, callsBefore, fullBefore] = [getOldGenerationUsed(), calls, fullCollections]
    await pause(WINDOW_MS)
    await pause(0) // gc entries of the window are delivered
    const served = calls - callsBefore
    process.stdout.write(
      `${JSON.stringify({ calls: served, bytesPerCall: (getOldGenerationUsed() - usedBefore) / Math.max(1, served), fullCollection: fullCollections !== fullBefore })}\n`,
    )
  }
} finally {
  load.kill()
  young?.stop()
  observer.disconnect()
  server.forceShutdown()
}
