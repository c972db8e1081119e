/**
 * The per-leader sandwich report of FixedLocally/sandwich-finder @ 89e85f09
 * (`reports/356832000_362880000/filtered_report.csv`, copied to data/, see the README there),
 * written by its `src/bin/report.rs`: per leader identity `Sc_p`, the share of its slots that
 * carried a sandwich (a sandwich is credited to the leaders of its slot and of the four before,
 * weighted 0.2/1.0/0.6/0.4/0.2, then normalised), its Wilson bounds at Z = 3.89 (p = 0.0001)
 * `Sc_p_lb` / `Sc_p_ub`, and `slots`, the leader's slots in the range. The last rows are
 * cluster-wide: "Weighted avg Sc_p", "Weighted avg Sc", "Global stdev", "Slot count".
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'

export interface ReportedLeaderRate {
  /** Sc_p: share of the leader's slots with a sandwich, 0 to 1. */
  readonly rate: number
  readonly lowerBound: number
  readonly upperBound: number
  /** The leader's slots in the report's range: the weight of its evidence. */
  readonly slots: number
}

export interface SandwichReport {
  readonly leaders: ReadonlyMap<AccountKey, ReportedLeaderRate>
  /** The cluster's slot-weighted Sc_p (a prior for leaders the report does not name). */
  readonly clusterRate: number
}

/** The bundled report. */
export const SANDWICH_REPORT_PATH = join(import.meta.dirname, 'data', 'filtered_report_356832000_362880000.csv')

/** CSV text into rows of fields (RFC 4180: quoted fields hold commas, doubled quotes and line breaks). */
export function decodeCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

function toRate(value: string | undefined, column: string, row: number): number {
  const rate = Number(value)
  if (value === undefined || value === '' || !(rate >= 0 && rate <= 1)) {
    throw new Error(`sandwich report row ${row}: ${column} is not a share from 0 to 1: ${value}`)
  }
  return rate
}

/** Parses the report's text; throws on a malformed leader row. */
export function decodeSandwichReport(text: string): SandwichReport {
  const rows = decodeCsv(text)
  const header = rows[0] ?? []
  const column = (name: string): number => {
    const index = header.indexOf(name)
    if (index < 0) throw new Error(`sandwich report: no ${name} column`)
    return index
  }
  const [leaderAt, rateAt, lowerAt, upperAt, slotsAt] = ['leader', 'Sc_p', 'Sc_p_lb', 'Sc_p_ub', 'slots'].map(column) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const leaders = new Map<AccountKey, ReportedLeaderRate>()
  let clusterRate = Number.NaN
  for (let i = 1; i < rows.length; i++) {
    const fields = rows[i] as string[]
    const first = fields[leaderAt] ?? ''
    if (fields.length === 1 && first === '') continue
    if (first === 'Weighted avg Sc_p') clusterRate = toRate(fields[1], 'Weighted avg Sc_p', i)
    if (first.includes(' ')) continue // the cluster-wide rows
    if (fields.length !== header.length) throw new Error(`sandwich report row ${i}: ${fields.length} fields, expected ${header.length}`)
    const slots = Number(fields[slotsAt])
    if (!Number.isSafeInteger(slots) || slots <= 0)
      throw new Error(`sandwich report row ${i}: slots is not a positive integer: ${fields[slotsAt]}`)
    leaders.set(fromBase58Address(first), {
      rate: toRate(fields[rateAt], 'Sc_p', i),
      lowerBound: toRate(fields[lowerAt], 'Sc_p_lb', i),
      upperBound: toRate(fields[upperAt], 'Sc_p_ub', i),
      slots,
    })
  }
  if (!Number.isFinite(clusterRate)) throw new Error('sandwich report: no "Weighted avg Sc_p" row')
  return { leaders, clusterRate }
}

/** Reads the report at `path` (boot time; the bundled one by default). */
export function loadSandwichReport(path: string = SANDWICH_REPORT_PATH): SandwichReport {
  return decodeSandwichReport(readFileSync(path, 'utf8'))
}
