/**
 * What a history record was: a simulate, an execute (simulated, then sent when approved), a send
 * (sent as it is, simulating nothing) or a submit (landed with a named strategy, simulating
 * nothing). Statistics and the daily quota count simulations, so they read `simulate` and
 * `execute` rows only (COUNTED_KINDS_SQL).
 */
import { HISTORY_KINDS, type HistoryKind } from '../contract/history.js'

/** The kind of a record that names none: every record written before kinds existed was a simulate. */
export const DEFAULT_HISTORY_KIND: HistoryKind = 'simulate'

/** The SQL condition keeping the rows that ran a simulation (a send or a submit ran none). */
export const COUNTED_KINDS_SQL = "kind IN ('simulate', 'execute')"

/** Whether `value` is a history kind. */
export function isHistoryKind(value: unknown): value is HistoryKind {
  return typeof value === 'string' && (HISTORY_KINDS as readonly string[]).includes(value)
}
