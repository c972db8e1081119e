/** history and stats: the caller's records and figures, read back. */
import { getIntegerOption } from './parse-command-line.js'
import { printJson } from './cli-io.js'
import { EXIT } from './exit-codes.js'
import type { CommandContext } from './transaction-commands.js'
import type { HistoryRecord } from '../api-types.js'

/** Records `history` prints by default, and at most (pages of up to 200 are read as needed). */
const HISTORY_DEFAULT_COUNT = 20
const HISTORY_MAX_COUNT = 10_000
const STATS_DEFAULT_DAYS = 14
const STATS_MAX_DAYS = 90

function formatRecord(record: HistoryRecord): string {
  const verdict = record.decision ?? (record.success ? 'ok' : 'failed')
  const latency = `${record.latency_ms.toFixed(1)} ms`
  const failure = record.failure_code ? `  ${record.failure_code}` : ''
  return `${record.created_at}  ${record.kind.padEnd(8)}  ${verdict.padEnd(7)}  risk ${(record.risk_level ?? '-').padEnd(8)}  ${latency.padStart(9)}  ${record.signature ?? '(unsigned)'}${failure}\n`
}

export async function runHistory({ client, io, line }: CommandContext): Promise<number> {
  const { options } = line
  const count = getIntegerOption(options, 'limit', { min: 1, max: HISTORY_MAX_COUNT }) ?? HISTORY_DEFAULT_COUNT
  const query = {
    limit: Math.min(count, 200),
    ...(options.signature ? { signature: options.signature } : {}),
    ...(options.since ? { since: options.since } : {}),
    ...(options.until ? { until: options.until } : {}),
    ...(options.failed ? { success: false } : {}),
  }
  const records: HistoryRecord[] = []
  for await (const record of client.history(query)) {
    records.push(record)
    if (records.length === count) break
  }
  if (options.json) printJson(io, records)
  else if (records.length === 0) io.stdout.write('no records\n')
  else for (const record of records) io.stdout.write(formatRecord(record))
  return EXIT.ok
}

export async function runStats({ client, io, line }: CommandContext): Promise<number> {
  const days = getIntegerOption(line.options, 'days', { min: 1, max: STATS_MAX_DAYS }) ?? STATS_DEFAULT_DAYS
  const stats = await client.stats({ days })
  if (line.options.json) {
    printJson(io, stats)
    return EXIT.ok
  }
  const rate = `${(stats.success_rate * 100).toFixed(1)} %`
  io.stdout.write(
    `${stats.total_simulations} simulations (${stats.simulations_today} today, ${stats.simulations_7d} in 7 days), ${rate} succeeded, average ${stats.avg_latency_ms} ms\n`,
  )
  if (stats.top_failure_reasons.length > 0) {
    io.stdout.write(`failures: ${stats.top_failure_reasons.map((reason) => `${reason.code} ${reason.count}`).join(', ')}\n`)
  }
  io.stdout.write('day (UTC)   simulations  approve  warn  block  p50 ms  p99 ms\n')
  for (const day of stats.daily) {
    const cells = [day.simulations, day.approve, day.warn, day.block].map((value, index) =>
      String(value).padStart([11, 7, 4, 5][index] as number),
    )
    const latency = [day.latency_p50_ms, day.latency_p99_ms].map((value) => (value === null ? '-' : value.toFixed(1)).padStart(6))
    io.stdout.write(`${day.date}  ${cells.join('  ')}  ${latency.join('  ')}\n`)
  }
  return EXIT.ok
}
