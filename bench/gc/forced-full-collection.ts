/**
 * What the serving thread's collections do after a full collection under load, the state a
 * long-lived connection lives in: the service (localnet and its traffic apart, as bench:floor runs
 * them) under saturation of one door, a full collection forced through the inspector
 * (`HeapProfiler.collectGarbage`) a few seconds in, and V8's `--trace-gc-nvp` lines of the serving
 * thread read before and after it: promoted bytes a scavenge, the scavenges' pauses, and each full
 * collection with the phases of its pause. A Map taking and dropping an entry per call promotes
 * every call once a full collection has run (bench/README.md, "A Map that promoted every call");
 * a run that starts fresh, as bench:floor's, shows that state only when one falls inside it.
 *
 *   npm run bench:gc -- [--door grpc|rest|websocket] [--seconds 14] [--force-at 4] [--connections 32] [--env NAME=VALUE ...]
 *     [--node-arg=--trace-gc-verbose ...]   (more V8 flags for the service, after --trace-gc-nvp)
 *     [--save-trace gc.txt]   (the service's whole output, every isolate's trace lines, kept)
 *     [--source]   (the service from its TypeScript through tsx, as npm start runs it; default: compiled)
 *
 * gRPC is h2load's (one transaction; the result cache is off, so each call is simulated), REST
 * wrk's (distinct transactions).
 */
import { copyFileSync, readFileSync } from 'node:fs'
import { parseEnvPairs } from '../support/env-pairs.js'
import { openInspector } from './inspector-session.js'
import { withInspectedServiceUnderLoad } from './inspected-service-load.js'
import { isSaturationDoor } from '../floor/service-saturation-load.js'
import { describeFullCollection, findServingIsolate, parseGcTrace, summarizeScavenges, type GcTraceEntry } from './gc-trace.js'
import { checkFlags, readFlags, rejectFlag } from '../support/command-line.js'

const COMMAND = 'npm run bench:gc --'

/** Forces a full collection in the process whose inspector listens on `port`. */
async function forceFullCollection(port: number): Promise<void> {
  const inspector = await openInspector(port)
  try {
    await inspector.call('HeapProfiler.collectGarbage')
  } finally {
    inspector.close()
  }
}

function printSummary(label: string, entries: readonly GcTraceEntry[]): void {
  const scavenges = summarizeScavenges(entries)
  process.stdout.write(
    `${label}: ${scavenges.count} scavenges, promoted ${scavenges.promotedKbAverage} KB each on average; ` +
      `pauses p50 ${scavenges.pauseP50Ms} / p90 ${scavenges.pauseP90Ms} / p99 ${scavenges.pauseP99Ms} ms, ${scavenges.pauseTotalMs} ms in all\n`,
  )
  for (const full of entries.filter((entry) => entry.kind !== 's'))
    process.stdout.write(`  full collection ${describeFullCollection(full)}\n`)
}

async function main(): Promise<void> {
  const { values } = readFlags(COMMAND, {
    options: {
      door: { type: 'string', default: 'grpc' },
      seconds: { type: 'string', default: '14' },
      'force-at': { type: 'string', default: '4' },
      connections: { type: 'string', default: '32' },
      env: { type: 'string', multiple: true, default: [] },
      'node-arg': { type: 'string', multiple: true, default: [] },
      'save-trace': { type: 'string' },
      source: { type: 'boolean', default: false },
    },
  })
  if (!isSaturationDoor(values.door)) rejectFlag(COMMAND, `--door: rest, grpc or websocket, not ${values.door}`)
  const [seconds, forceAtS, connections] = [Number(values.seconds), Number(values['force-at']), Number(values.connections)]
  Object.assign(
    process.env,
    checkFlags(COMMAND, () => parseEnvPairs(values.env)),
  )
  await withInspectedServiceUnderLoad(
    {
      door: values.door,
      connections,
      nodeArgs: ['--trace-gc-nvp', ...values['node-arg']],
      stdoutFileName: 'trace-gc.txt',
      entry: values.source ? 'source' : 'build',
    },
    async ({ inspectorPort, load, stdoutFile }) => {
      const traceFile = stdoutFile as string
      const traceStart = readFileSync(traceFile, 'utf8').length
      const run = load(seconds, 'measure')
      await new Promise((resolve) => setTimeout(resolve, forceAtS * 1000))
      const forcedAt = readFileSync(traceFile, 'utf8').length
      await forceFullCollection(inspectorPort)
      const result = await run
      const trace = readFileSync(traceFile, 'utf8')
      const before = parseGcTrace(trace.slice(traceStart, forcedAt))
      const after = parseGcTrace(trace.slice(forcedAt))
      const serving = findServingIsolate([...before, ...after])
      const mine = (entries: GcTraceEntry[]) => entries.filter((entry) => entry.isolate === serving)
      process.stdout.write(
        `${values.door} saturation (${result.tool}), ${seconds} s, a full collection forced after ${forceAtS} s: ` +
          `${Math.round(result.achievedRatePerS)}/s, p50 ${result.latency.p50Ms} / p99 ${result.latency.p99Ms} ms\n`,
      )
      printSummary('before the forced collection', mine(before))
      printSummary('after it (the forced collection first)', mine(after))
      if (values['save-trace']) copyFileSync(traceFile, values['save-trace'])
    },
  )
}

await main()
