/**
 * Where the CPU goes per simulate at saturation of one door: the service (each of its threads),
 * localnet, its traffic and everything else on the machine (the load tool, the kernel), as CPU
 * microseconds per answered request, read from /proc over one run: REST by wrk with unique
 * transactions, the engine's gRPC port by h2load (one transaction: h2load sends one body, so
 * answers come from the result cache unless the run sets RESULT_CACHE_MAX_ENTRIES=0), or the
 * WebSocket stream by the floor benchmark's two load worker processes (JSON text frames, unique
 * transactions, the callers spread over two sockets). Usage:
 *   npm run bench:cpu -- [--door rest|grpc|websocket] [--seconds 10] [--connections 16] [--env NAME=VALUE ...] [--node-arg=--cpu-prof ...]
 *     [--prime-seconds 3]   (the unmeasured load before the measured one; V8 is still compiling after 3 s)
 *     [--source]   (the service from its TypeScript through tsx, as npm start runs it; default: compiled, as the image runs it)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { callRpc } from '../load/load-stack.js'
import { startRemoteChain } from '../support/remote-chain.js'
import { startServiceProcess } from './service-process.js'
import { isSaturationDoor, startSaturationLoad, type DoorSaturationLoad, type SaturationDoor } from './service-saturation-load.js'
import { createUniqueTransactions } from './unique-transactions.js'
import { parseEnvPairs } from '../support/env-pairs.js'
import { checkFlags, readFlags, rejectFlag } from '../support/command-line.js'
import { getChildPids, readMachineTicks, readThreadTicks, TICK_US } from './proc-cpu.js'

const COMMAND = 'npm run bench:cpu --'
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DOOR_NAMES: Record<SaturationDoor, string> = { rest: 'REST', grpc: 'gRPC', websocket: 'WebSocket' }
async function main(): Promise<void> {
  const { values } = readFlags(COMMAND, {
    options: {
      door: { type: 'string', default: 'rest' },
      seconds: { type: 'string', default: '10' },
      'prime-seconds': { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      env: { type: 'string', multiple: true, default: [] },
      'node-arg': { type: 'string', multiple: true, default: [] },
      source: { type: 'boolean', default: false },
    },
  })
  if (!isSaturationDoor(values.door)) rejectFlag(COMMAND, `--door: rest, grpc or websocket, not ${values.door}`)
  const door = values.door
  const primeSeconds = Number(values['prime-seconds'])
  if (!Number.isInteger(primeSeconds) || primeSeconds < 1)
    rejectFlag(COMMAND, `--prime-seconds: a whole number of seconds ≥ 1, not ${values['prime-seconds']}`)
  // The service process inherits this environment.
  Object.assign(
    process.env,
    checkFlags(COMMAND, () => parseEnvPairs(values.env)),
  )
  const chain = await startRemoteChain(20)
  const service = await startServiceProcess({
    root: ROOT,
    chain: { rpcUrl: chain.rpcUrl, geyserUrl: chain.geyserUrl },
    nodeArgs: values['node-arg'],
    entry: values.source ? 'source' : 'build',
  }).catch(async (error: unknown) => {
    await chain.close()
    throw error
  })
  const workDir = mkdtempSync(join(tmpdir(), 'preflight-budget-'))
  // The WebSocket door's load worker processes are this process's children: watched below as the load tool.
  let load: DoorSaturationLoad | undefined
  try {
    const { value } = await callRpc<{ value: { blockhash: string } }>(chain.rpcUrl, 'getLatestBlockhash', [{ commitment: 'processed' }])
    const transactions = createUniqueTransactions(3072, value.blockhash)
    load = startSaturationLoad(door, service, transactions, Number(values.connections), workDir)
    await load.run(primeSeconds, 'prime')
    const self = process.pid
    const watched = () => [service.pid, ...getChildPids(self).filter((pid) => pid !== service.pid)]
    const pids = watched()
    const before = new Map(pids.map((pid) => [pid, readThreadTicks(pid)]))
    const machineBefore = readMachineTicks()
    service.gc.open()
    const run = await load.run(Number(values.seconds), 'measure')
    const machineTicks = readMachineTicks() - machineBefore
    const gc = await service.gc.close()
    const requests = run.achievedRatePerS * run.durationS
    const row = (label: string, ticks: number) =>
      `${label.padEnd(34)}${((ticks * TICK_US) / 1e6 / run.durationS).toFixed(2).padStart(6)}${((ticks * TICK_US) / requests).toFixed(0).padStart(12)}`
    const lines = [
      `${DOOR_NAMES[door]} saturation (${run.tool}, ${run.durationS} s): ${Math.round(run.achievedRatePerS)}/s, p50 ${run.latency.p50Ms} ms, p99 ${run.latency.p99Ms} ms`,
      `serving thread GC: ${gc.count} pauses, p50 ${gc.p50Ms} / p99 ${gc.p99Ms} / max ${gc.maxMs} ms, ${gc.totalMs} ms in all`,
      `${'CPU'.padEnd(34)}${'cores'.padStart(6)}${'µs/request'.padStart(12)}`,
    ]
    let accounted = 0
    for (const pid of pids) {
      const after = readThreadTicks(pid)
      const script = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).at(-1) ?? String(pid)
      const threads: Array<[string, number]> = []
      let total = 0
      for (const [tid, times] of after) {
        const ticks = times.ticks - (before.get(pid)?.get(tid)?.ticks ?? 0)
        total += ticks
        threads.push([tid === pid ? 'main thread' : `thread ${tid} (${times.name})`, ticks])
      }
      accounted += total
      lines.push(row(pid === service.pid ? `service (${script})` : script, total))
      // Unnamed threads: the engine's simulate workers, the embedded database's worker, V8's GC helpers, libuv's pool.
      for (const [label, ticks] of threads.sort((a, b) => b[1] - a[1]))
        if (ticks * TICK_US >= requests * 5) lines.push(row(`  ${label}`, ticks))
    }
    lines.push(row('everything else (load tool, kernel, …)', machineTicks - accounted))
    lines.push(row('machine', machineTicks))
    process.stdout.write(`${lines.join('\n')}\n`)
  } finally {
    await load?.close()
    rmSync(workDir, { recursive: true, force: true })
    await service.close()
    await chain.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
