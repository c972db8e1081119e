/**
 * The history page's filters, as the hash carries them (`#/history?risk_level=high&signature=…`)
 * and as the API takes them.
 *
 * `GET /api/v1/solana/simulations` filters by `success`, `since`, `until`, `risk_level` and
 * `signature` (and pages with `limit` and `cursor`); it has no parameter for the verdict or the
 * kind. Those two are matched here, in the page's browser, on the records loaded: they narrow the
 * rows shown (history-page.tsx).
 */
import type { HistoryQuery, HistoryRecord } from '@preflight/sdk'

export const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const
export const VERDICTS = ['approve', 'warn', 'block', 'none'] as const
export const KINDS = ['simulate', 'execute', 'send', 'submit'] as const
export const PAGE_SIZES = ['25', '50', '100', '200'] as const
export const DEFAULT_PAGE_SIZE = '50'

export interface HistoryFilters {
  success: '' | 'true' | 'false'
  risk_level: '' | (typeof RISK_LEVELS)[number]
  /** `YYYY-MM-DD`, a UTC day, inclusive; '' for none. */
  since: string
  until: string
  verdict: '' | (typeof VERDICTS)[number]
  kind: '' | (typeof KINDS)[number]
  /** A transaction signature (base58); '' for none. */
  signature: string
  limit: (typeof PAGE_SIZES)[number]
}

export const NO_FILTERS: HistoryFilters = {
  success: '',
  risk_level: '',
  since: '',
  until: '',
  verdict: '',
  kind: '',
  signature: '',
  limit: DEFAULT_PAGE_SIZE,
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** What the API takes as `signature`: 64 bytes in base58 (the edge's BASE58_SIGNATURE_PATTERN); the form's `pattern`. */
export const SIGNATURE_PATTERN = '[1-9A-HJ-NP-Za-km-z]{64,88}'

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : ''
}

/** The filters a hash's query names; a value out of range is dropped. */
export function parseFilters(params: URLSearchParams): HistoryFilters {
  const date = (name: string) => {
    const value = params.get(name) ?? ''
    return DATE.test(value) ? value : ''
  }
  return {
    success: oneOf(['true', 'false'], params.get('success')),
    risk_level: oneOf(RISK_LEVELS, params.get('risk_level')),
    since: date('since'),
    until: date('until'),
    verdict: oneOf(VERDICTS, params.get('verdict')),
    kind: oneOf(KINDS, params.get('kind')),
    signature: (params.get('signature') ?? '').trim().slice(0, 100),
    limit: oneOf(PAGE_SIZES, params.get('limit')) || DEFAULT_PAGE_SIZE,
  }
}

/** The hash's query for `filters`: only the filters set, in a fixed order. */
export function toParams(filters: HistoryFilters): Record<string, string> {
  const params: Record<string, string> = {}
  for (const name of ['signature', 'success', 'risk_level', 'verdict', 'kind', 'since', 'until'] as const) {
    const value = filters[name].trim()
    if (value) params[name] = value
  }
  if (filters.limit !== DEFAULT_PAGE_SIZE) params.limit = filters.limit
  return params
}

/** The API query for `filters` (the first page: no cursor). */
export function toQuery(filters: HistoryFilters): HistoryQuery {
  const query: HistoryQuery = { limit: Number(filters.limit) }
  if (filters.success) query.success = filters.success === 'true'
  if (filters.risk_level) query.risk_level = filters.risk_level
  if (filters.signature) query.signature = filters.signature
  // A date alone is that day's 00:00 UTC; `until` is inclusive, so it ends with the day.
  if (filters.since) query.since = filters.since
  if (filters.until) query.until = `${filters.until}T23:59:59.999Z`
  return query
}

/** Whether a record passes the filters the API cannot apply (verdict, kind). */
export function matchesLocally(record: HistoryRecord, filters: HistoryFilters): boolean {
  if (filters.kind && record.kind !== filters.kind) return false
  if (filters.verdict === 'none') return record.decision === null
  if (filters.verdict && record.decision !== filters.verdict) return false
  return true
}

/** Whether a record is of the transaction the signature filter names (its row is highlighted). */
export function isSought(record: HistoryRecord, filters: HistoryFilters): boolean {
  return filters.signature !== '' && record.signature === filters.signature
}
