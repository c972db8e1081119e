/**
 * What the serving thread allocates per call under saturation of one door, and where: V8's
 * sampling heap profiler (the inspector's `HeapProfiler.startSampling`, objects later collected by
 * scavenges and full collections included) over a run of the service (localnet and its traffic
 * apart, as bench:floor runs them). The young generation fills at the rate the serving thread
 * allocates, so bytes a call set how often a scavenge pauses it; this says which code allocates them.
 *
 *   npm run bench:alloc -- [--door rest|grpc|websocket] [--seconds 10] [--connections 32] [--top 40] [--env NAME=VALUE ...]
 *     [--save run.heapprofile]   (the whole profile, for Chrome DevTools' Memory tab)
 *     [--survivors]   (only what outlived the scavenges: what fills the old generation, see below)
 *     [--source]   (the service from its TypeScript through tsx, as npm start runs it; default: compiled)
 *
 * Samples are taken every 4 KB allocated on average (`--interval`), so a line's bytes are an estimate.
 *
 * `--survivors` leaves out what a scavenge took: what remains was promoted (or was still live when
 * sampling stopped, a call's worth in flight), whether a later full collection took it or not. It
 * is what fills the old generation between full collections, and so sets how often they come.
 */
import { writeFileSync } from 'node:fs'
import { parseEnvPairs } from '../support/env-pairs.js'
import { openInspector } from './inspector-session.js'
import { ROOT, withInspectedServiceUnderLoad } from './inspected-service-load.js'
import { isSaturationDoor } from '../floor/service-saturation-load.js'
import { summarizeAllocations, type SamplingHeapProfile } from './allocation-summary.js'
import { checkFlags, readFlags, rejectFlag } from '../support/command-line.js'

const COMMAND = 'npm run bench:alloc --'

async function main(): Promise<void> {
  const { values } = readFlags(COMMAND, {
    options: {
      door: { type: 'string', default: 'rest' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      interval: { type: 'string', default: '4096' },
      top: { type: 'string', default: '40' },
      save: { type: 'string' },
      source: { type: 'boolean', default: false },
      survivors: { type: 'boolean', default: false },
      env: { type: 'string', multiple: true, default: [] },
    },
  })
  if (!isSaturationDoor(values.door)) rejectFlag(COMMAND, `--door: rest, grpc or websocket, not ${values.door}`)
  Object.assign(
    process.env,
    checkFlags(COMMAND, () => parseEnvPairs(values.env)),
  )
  await withInspectedServiceUnderLoad(
    { door: values.door, connections: Number(values.connections), entry: values.source ? 'source' : 'build' },
    async ({ inspectorPort, load }) => {
      const inspector = await openInspector(inspectorPort)
      try {
        await inspector.call('HeapProfiler.startSampling', {
          samplingInterval: Number(values.interval),
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: !values.survivors,
        })
        const result = await load(Number(values.seconds), 'measure')
        const { profile } = (await inspector.call('HeapProfiler.stopSampling')) as { profile: SamplingHeapProfile }
        if (values.save) writeFileSync(values.save, JSON.stringify(profile))
        const calls = Math.round(result.achievedRatePerS * Number(values.seconds))
        process.stdout.write(
          `${values.door} saturation (${result.tool}), ${values.seconds} s: ${Math.round(result.achievedRatePerS)}/s, ` +
            (values.survivors ? 'only what outlived the scavenges, ' : '') +
            `p50 ${result.latency.p50Ms} / p99 ${result.latency.p99Ms} ms, ${calls} calls\n`,
        )
        process.stdout.write(summarizeAllocations(profile, { calls, top: Number(values.top), root: ROOT }))
      } finally {
        inspector.close()
      }
    },
  )
}

await main()
