/**
 * Reads V8's `--trace-gc-nvp` lines (one `name=value` line a collection, each prefixed with
 * `[pid:isolate]  <ms since the isolate started> ms:`) and summarises one isolate's collections:
 * how much each scavenge promoted, the scavenges' pauses, and each full collection with the phases
 * its pause went to.
 */
import { getNearestRank } from '../floor/gc-window.js'

export interface GcTraceEntry {
  isolate: string
  /** ms since the isolate started. */
  atMs: number
  /** `s` a scavenge, `mc` (or `ms`) a mark-compact, `mmc` a minor mark-compact. */
  kind: string
  pauseMs: number
  promotedBytes: number
  /** Every numeric field of the line, by name (phases in ms, sizes in bytes). */
  fields: Record<string, number>
}

const PREFIX = /^\[(\d+):(0x[0-9a-f]+)\]\s+(\d+) ms: /

/** The trace's collections, in order; other lines are skipped. */
export function parseGcTrace(text: string): GcTraceEntry[] {
  const entries: GcTraceEntry[] = []
  for (const line of text.split('\n')) {
    const prefix = PREFIX.exec(line)
    if (!prefix) continue
    const fields: Record<string, number> = {}
    let kind = ''
    for (const [, name, value] of line.slice(prefix[0].length).matchAll(/([\w.]+)=(\S+)/g)) {
      if (name === 'gc') kind = value as string
      else if (/^-?[\d.]+$/.test(value as string)) fields[name as string] = Number(value)
    }
    if (!kind) continue
    entries.push({
      isolate: prefix[2] as string,
      atMs: Number(prefix[3]),
      kind,
      pauseMs: fields.pause ?? 0,
      promotedBytes: fields.promoted ?? 0,
      fields,
    })
  }
  return entries
}

/**
 * The isolate with the most collections among those whose address does not look like a worker's
 * heap (a worker thread's isolate lives in memory mapped high, 0x7f…): the serving thread.
 */
export function findServingIsolate(entries: readonly GcTraceEntry[]): string | undefined {
  const counts = new Map<string, number>()
  for (const entry of entries) if (!entry.isolate.startsWith('0x7f')) counts.set(entry.isolate, (counts.get(entry.isolate) ?? 0) + 1)
  let best: string | undefined
  for (const [isolate, count] of counts) if (best === undefined || count > (counts.get(best) as number)) best = isolate
  return best
}

export interface ScavengeSummary {
  count: number
  promotedKbAverage: number
  pauseP50Ms: number
  pauseP90Ms: number
  pauseP99Ms: number
  pauseTotalMs: number
}

/** The scavenges among `entries`. */
export function summarizeScavenges(entries: readonly GcTraceEntry[]): ScavengeSummary {
  const scavenges = entries.filter((entry) => entry.kind === 's')
  const pauses = scavenges.map((entry) => entry.pauseMs).sort((a, b) => a - b)
  const promoted = scavenges.reduce((sum, entry) => sum + entry.promotedBytes, 0)
  return {
    count: scavenges.length,
    promotedKbAverage: scavenges.length === 0 ? 0 : Math.round(promoted / scavenges.length / 1024),
    pauseP50Ms: getNearestRank(pauses, 50),
    pauseP90Ms: getNearestRank(pauses, 90),
    pauseP99Ms: getNearestRank(pauses, 99),
    pauseTotalMs: Math.round(pauses.reduce((sum, pause) => sum + pause, 0)),
  }
}

/** A full collection's pause and its largest phases (`clear.*`, `mark.*`, `evacuate.*`, …). */
export function describeFullCollection(entry: GcTraceEntry, phases = 3): string {
  const top = Object.entries(entry.fields)
    .filter(([name]) => /^(mark|clear|evacuate|sweep|compact)\./.test(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, phases)
    .map(([name, ms]) => `${name} ${ms}`)
  const { total_size_before: before, total_size_after: after } = entry.fields
  const heap =
    before === undefined || after === undefined ? '' : `, heap ${Math.round(before / 2 ** 20)} → ${Math.round(after / 2 ** 20)} MB`
  return `at ${entry.atMs} ms: pause ${entry.pauseMs} ms (${top.join(', ')})${heap}`
}
