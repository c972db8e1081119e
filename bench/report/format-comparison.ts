/** The `bench:compare` table: A, B and B/A for p50, p99 and throughput, one line per paired row. */
import type { ComparisonRow, MetricComparison } from './compare-results.js'
import { formatMs, formatRatePerS, formatRatio } from './format-figures.js'

/** A change smaller than this (3 %) is shown as `≈`: load runs do not repeat more closely than that. */
export const SAME_WITHIN = 0.03

/** `0.82 ↓ better`, `1.40 ↑ worse`, `1.01 ≈`, `—`: B/A, which way it moved, and whether that is good. */
export function formatChange(metric: MetricComparison): string {
  const { ratio } = metric
  if (ratio === null || !Number.isFinite(ratio)) return '—'
  if (Math.abs(ratio - 1) < SAME_WITHIN) return `${formatRatio(ratio)} ≈`
  const up = ratio > 1
  const good = up === (metric.better === 'higher')
  return `${formatRatio(ratio)} ${up ? '↑' : '↓'} ${good ? 'better' : 'worse'}`
}

type Column = { group: string; title: string; align: 'left' | 'right'; cell: (row: ComparisonRow) => string }

function metricColumns(
  group: string,
  pick: (row: ComparisonRow) => MetricComparison | undefined,
  format: (value: number | null) => string,
): Column[] {
  return [
    {
      group,
      title: 'A',
      align: 'right',
      cell: (row) => {
        const metric = pick(row)
        return metric === undefined ? '' : format(metric.a)
      },
    },
    {
      group,
      title: 'B',
      align: 'right',
      cell: (row) => {
        const metric = pick(row)
        return metric === undefined ? '' : format(metric.b)
      },
    },
    {
      group,
      title: 'B/A',
      align: 'left',
      cell: (row) => {
        const metric = pick(row)
        return metric === undefined ? '' : formatChange(metric)
      },
    },
  ]
}

const COLUMNS: Column[] = [
  { group: '', title: '', align: 'left', cell: (row) => row.label },
  ...metricColumns('p50 ms', (row) => row.p50Ms, formatMs),
  ...metricColumns('p99 ms', (row) => row.p99Ms, formatMs),
  ...metricColumns('answers/s', (row) => row.ratePerS, formatRatePerS),
]

function pad(text: string, width: number, align: 'left' | 'right'): string {
  return align === 'left' ? text.padEnd(width) : text.padStart(width)
}

/** The rows as an aligned plain-text table (runs, then floor and cold, then max rates), with a key to the arrows. */
export function formatComparison(rows: readonly ComparisonRow[]): string {
  const sections = [
    rows.filter((row) => row.kind === 'run'),
    rows.filter((row) => row.kind === 'floor' || row.kind === 'cold'),
    rows.filter((row) => row.kind === 'max-rate'),
  ]
  const cells = rows.map((row) => COLUMNS.map((column) => column.cell(row)))
  const widths = COLUMNS.map((column, index) => Math.max(column.title.length, ...cells.map((line) => (line[index] ?? '').length)))
  // A group's title spans its three columns, so those must together be at least as wide as the title.
  for (let index = 1; index < COLUMNS.length; index += 3) {
    const group = (COLUMNS[index] as Column).group
    const span = (widths[index] as number) + (widths[index + 1] as number) + (widths[index + 2] as number) + 4
    if (span < group.length) widths[index + 2] = (widths[index + 2] as number) + group.length - span
  }
  const gap = '  '
  const groupLine = [pad('', widths[0] as number, 'left')]
  for (let index = 1; index < COLUMNS.length; index += 3) {
    const span = (widths[index] as number) + (widths[index + 1] as number) + (widths[index + 2] as number) + 2 * gap.length
    const group = (COLUMNS[index] as Column).group
    groupLine.push(pad(group.padStart(Math.floor((span + group.length) / 2)), span, 'left'))
  }
  const lines = [groupLine.join(gap + '  ').trimEnd()]
  const toLine = (texts: string[]) =>
    COLUMNS.map((column, index) => pad(texts[index] ?? '', widths[index] as number, column.align))
      .reduce((line, text, index) => (index === 0 ? text : line + (index % 3 === 1 ? gap + '  ' : gap) + text), '')
      .trimEnd()
  const titles = toLine(COLUMNS.map((column) => column.title))
  lines.push(titles, '─'.repeat(Math.max(titles.length, groupLine.join(gap + '  ').trimEnd().length)))
  for (const section of sections) {
    if (section.length === 0) continue
    if (lines.length > 3) lines.push('')
    for (const row of section) lines.push(toLine(cells[rows.indexOf(row)] ?? []))
  }
  const withErrors = rows.filter((row) => row.errors !== undefined)
  if (withErrors.length > 0) {
    lines.push('', 'failed requests:')
    for (const row of withErrors) lines.push(`  ${row.label}: A ${row.errors?.a ?? '—'}, B ${row.errors?.b ?? '—'}`)
  }
  lines.push(
    '',
    `B/A: ↑ B is higher, ↓ lower, ≈ within ${SAME_WITHIN * 100} %; latency lower is better, answers/s higher is better; — not in that result.`,
  )
  return lines.join('\n') + '\n'
}
