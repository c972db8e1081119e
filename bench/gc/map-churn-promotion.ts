/**
 * Why the worker pool holds its calls in an array, not a Map (engine/hot-path/workers/pending-calls.ts):
 * a long-lived `Map` that takes and drops an entry per request makes V8 promote every request's
 * objects once a full collection has moved the Map's table to the old generation. V8 rebuilds the
 * table every few dozen requests, in the generation of the old one, and the replaced table keeps
 * the entries it held; a dead table in the old generation makes every scavenge promote them. The
 * same workload with reused array slots promotes almost nothing.
 *
 * Each variant runs in a process of its own (`--trace-gc-nvp`; allocation-site pretenuring off, as
 * the service runs): requests of ≈5 KB each, 16 in flight, registered in the long-lived container
 * while in flight; one full collection is forced after 1 s, and the scavenges after it are read.
 *
 *   npx tsx bench/gc/map-churn-promotion.ts [--seconds 4]
 */
import { spawnSync } from 'node:child_process'
import { readFlags, rejectFlag } from '../support/command-line.js'

const COMMAND = 'npx tsx bench/gc/map-churn-promotion.ts'

const WORKLOAD = `
const variant = process.argv[1]
const seconds = Number(process.argv[2])
const map = new Map()
const slots = new Array(16).fill(undefined)
const inFlight = []
let id = 0
function request() {
  const graph = { parts: Array.from({ length: 100 }, (_, i) => ({ i })), id: 'request ' + id }
  const key = id++
  if (variant === 'map') map.set(key, graph)
  else slots[key % 16] = graph
  inFlight.push(key)
  if (inFlight.length > 16) {
    const done = inFlight.shift()
    if (variant === 'map') map.delete(done)
    else slots[done % 16] = undefined
  }
}
const start = performance.now()
let forced = false
function turn() {
  for (let i = 0; i < 50; i++) request()
  const elapsed = performance.now() - start
  if (!forced && elapsed > 1000) {
    forced = true
    globalThis.gc()
    console.log('forced-gc ' + id)
  }
  if (elapsed < seconds * 1000) setImmediate(turn)
  else console.log('requests ' + id)
}
turn()
`

interface VariantFigures {
  variant: string
  requestsAfter: number
  scavengesAfter: number
  promotedPerScavengeKb: number
  promotedPerRequestB: number
  markCompactsAfter: number
}

function runVariant(variant: string, seconds: number): VariantFigures {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--no-allocation-site-pretenuring', '--trace-gc-nvp', '-e', WORKLOAD, variant, String(seconds)],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  )
  if (run.status !== 0) throw new Error(`${variant}: exited ${run.status}: ${run.stderr}`)
  const lines = run.stdout.split('\n')
  const forcedAt = lines.findIndex((line) => line.startsWith('forced-gc '))
  const requestsAtForce = Number(lines[forcedAt]?.split(' ')[1])
  const requests = Number(lines.find((line) => line.startsWith('requests '))?.split(' ')[1])
  // The forced collection's own line is the one before the marker; read what follows it.
  const after = lines.slice(forcedAt + 1)
  let scavenges = 0
  let promoted = 0
  let markCompacts = 0
  for (const line of after) {
    if (line.includes(' gc=mc ')) markCompacts++
    if (!line.includes(' gc=s ')) continue
    scavenges++
    promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0)
  }
  const requestsAfter = requests - requestsAtForce
  return {
    variant,
    requestsAfter,
    scavengesAfter: scavenges,
    promotedPerScavengeKb: Math.round(promoted / Math.max(1, scavenges) / 1024),
    promotedPerRequestB: Math.round(promoted / Math.max(1, requestsAfter)),
    markCompactsAfter: markCompacts,
  }
}

const { values } = readFlags(COMMAND, { options: { seconds: { type: 'string', default: '4' } } })
const seconds = Number(values.seconds)
if (!(seconds > 1)) rejectFlag(COMMAND, '--seconds: more than 1')
process.stdout.write(`node ${process.version}, ${seconds} s a variant, a full collection forced after 1 s; after it:\n`)
for (const variant of ['map', 'array']) {
  const f = runVariant(variant, seconds)
  process.stdout.write(
    `  ${(variant === 'map' ? 'Map set/delete' : 'array slots').padEnd(15)} ${f.requestsAfter.toLocaleString('en-US')} requests, ` +
      `${f.scavengesAfter} scavenges promoting ${f.promotedPerScavengeKb} KB each (${f.promotedPerRequestB} B a request), ` +
      `${f.markCompactsAfter} mark-compacts\n`,
  )
}
