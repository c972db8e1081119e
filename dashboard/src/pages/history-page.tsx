/**
 * History: your simulate, execute, send and submit records, newest first, filtered and paged
 * with the API's cursor (`GET /api/v1/solana/simulations`).
 *
 * The filters live in the hash (`#/history?risk_level=high&since=2025-01-01`), so a filtered
 * view can be linked to and the browser's back button returns to the previous one; "Apply" writes
 * them there. Paging keeps a stack of the cursors of the pages before this one: "Older" follows
 * the page's `next_cursor`, "Newer" goes back to the cursor on top of the stack.
 *
 * A signature (`#/history?signature=…`, where "Find it in history" leads) is the API's
 * `signature` filter: the pages hold that transaction's records only, their rows highlighted. The
 * API cannot filter by verdict or kind: those narrow the rows of the page shown.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { HistoryPage as HistoryAnswer, HistoryQuery } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { shorten } from '../components/format.ts'
import { navigate, useRoute } from '../router.ts'
import { useSession } from '../session/session-context.ts'
import {
  isSought,
  KINDS,
  matchesLocally,
  NO_FILTERS,
  PAGE_SIZES,
  parseFilters,
  RISK_LEVELS,
  SIGNATURE_PATTERN,
  toParams,
  toQuery,
  VERDICTS,
  type HistoryFilters,
} from '../insights/history-filters.ts'
import { HistoryTable } from '../insights/history-table.tsx'
import '../insights/insights.css'

interface View {
  page: HistoryAnswer | undefined
  /** The cursor the page was read with (undefined: the newest page). */
  cursor: string | undefined
  /** The cursors of the newer pages, newest first and the previous page last: "Newer" pops one. */
  newer: (string | undefined)[]
}

const EMPTY_VIEW: View = { page: undefined, cursor: undefined, newer: [] }

function withCursor(query: HistoryQuery, cursor: string | undefined): HistoryQuery {
  return cursor === undefined ? query : { ...query, cursor }
}

function FilterForm({ applied, onApply, busy }: { applied: HistoryFilters; onApply: (filters: HistoryFilters) => void; busy: boolean }) {
  const [draft, setDraft] = useState(applied)
  // A new hash (a link, the back button, "Apply") resets the form to what is applied.
  useEffect(() => setDraft(applied), [applied])
  const set =
    <K extends keyof HistoryFilters>(name: K) =>
    (event: Event) =>
      setDraft((previous) => ({ ...previous, [name]: (event.currentTarget as HTMLInputElement | HTMLSelectElement).value }))
  return (
    <form
      class="card insights-filters"
      aria-label="History filters"
      onSubmit={(event) => {
        event.preventDefault()
        onApply(draft)
      }}
    >
      <label class="insights-wide">
        Transaction signature
        <input
          type="search"
          name="signature"
          value={draft.signature}
          onInput={set('signature')}
          spellcheck={false}
          autocomplete="off"
          maxLength={100}
          pattern={SIGNATURE_PATTERN}
          title="A transaction signature: 64 to 88 base58 characters"
          placeholder="base58 signature"
          aria-describedby="history-signature-hint"
        />
      </label>
      <label>
        Result
        <select name="success" value={draft.success} onChange={set('success')}>
          <option value="">any</option>
          <option value="true">succeeded</option>
          <option value="false">failed</option>
        </select>
      </label>
      <label>
        Risk level
        <select name="risk_level" value={draft.risk_level} onChange={set('risk_level')}>
          <option value="">any</option>
          {RISK_LEVELS.map((level) => (
            <option value={level} key={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      <label>
        From (UTC day)
        <input type="date" name="since" value={draft.since} onInput={set('since')} max={draft.until || undefined} />
      </label>
      <label>
        To (UTC day, inclusive)
        <input type="date" name="until" value={draft.until} onInput={set('until')} min={draft.since || undefined} />
      </label>
      <label>
        Verdict
        <select name="verdict" value={draft.verdict} onChange={set('verdict')}>
          <option value="">any</option>
          {VERDICTS.map((verdict) => (
            <option value={verdict} key={verdict}>
              {verdict === 'none' ? 'not judged (send, submit)' : verdict}
            </option>
          ))}
        </select>
      </label>
      <label>
        Kind
        <select name="kind" value={draft.kind} onChange={set('kind')}>
          <option value="">any</option>
          {KINDS.map((kind) => (
            <option value={kind} key={kind}>
              {kind}
            </option>
          ))}
        </select>
      </label>
      <label>
        Records per page
        <select name="limit" value={draft.limit} onChange={set('limit')}>
          {PAGE_SIZES.map((size) => (
            <option value={size} key={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <p class="hint" id="history-signature-hint">
        The service filters by signature, result, risk level and dates; a signature's rows are highlighted. Verdict and kind narrow the rows
        of the page shown.
      </p>
      <div class="row insights-actions">
        <button type="submit" disabled={busy}>
          Apply
        </button>
        <button type="button" class="secondary" onClick={() => onApply(NO_FILTERS)}>
          Clear filters
        </button>
      </div>
    </form>
  )
}

export function HistoryPage() {
  const { client } = useSession()
  const route = useRoute()
  const paramsKey = route.params.toString()
  const filters = useMemo(() => parseFilters(new URLSearchParams(paramsKey)), [paramsKey])
  const query = useMemo(() => toQuery(filters), [filters])

  const [view, setView] = useState<View>(EMPTY_VIEW)
  /** What is being read, for the status line; '' when nothing is. */
  const [loading, setLoading] = useState('Loading…')
  const [error, setError] = useState<unknown>(undefined)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [generation, setGeneration] = useState(0)
  const current = useRef<AbortController | undefined>(undefined)

  /** Runs one read; a newer read (or leaving the page) abandons it. */
  const run = useCallback((label: string, read: (signal: AbortSignal) => Promise<View>) => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    setLoading(label)
    setError(undefined)
    read(controller.signal).then(
      (next) => {
        if (controller.signal.aborted) return
        setView(next)
        setExpanded(new Set())
        setLoading('')
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return
        setError(reason)
        setLoading('')
      },
    )
  }, [])
  useEffect(() => () => current.current?.abort(), [])

  // The first page for these filters (with a signature, the API's: that transaction's records only).
  useEffect(() => {
    run('Loading…', async (signal) => ({ ...EMPTY_VIEW, page: await client.historyPage(query, { signal }) }))
  }, [client, query, generation, run])

  // Bring a found record into view.
  useEffect(() => {
    if (filters.signature && view.page) document.querySelector('tr.insights-match')?.scrollIntoView({ block: 'nearest' })
  }, [view, filters.signature])

  const older = () => {
    const next = view.page?.next_cursor
    if (!next) return
    run('Loading older records…', async (signal) => ({
      page: await client.historyPage(withCursor(query, next), { signal }),
      cursor: next,
      newer: [...view.newer, view.cursor],
    }))
  }
  const newer = () => {
    if (view.newer.length === 0) return
    const cursor = view.newer[view.newer.length - 1]
    run('Loading newer records…', async (signal) => ({
      page: await client.historyPage(withCursor(query, cursor), { signal }),
      cursor,
      newer: view.newer.slice(0, -1),
    }))
  }

  const apply = (next: HistoryFilters) => {
    const params = toParams(next)
    const search = new URLSearchParams(params).toString()
    if (search === paramsKey) setGeneration((n) => n + 1)
    else navigate('history', Object.keys(params).length > 0 ? params : undefined)
  }

  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous)
      if (!next.delete(id)) next.add(id)
      return next
    })

  const records = view.page?.simulations ?? []
  const shown = records.filter((record) => matchesLocally(record, filters))
  const pageNumber = view.newer.length + 1
  const narrowed = filters.verdict !== '' || filters.kind !== ''

  let status = ''
  if (loading) status = loading
  else if (view.page) {
    const parts = [`Page ${pageNumber}`]
    parts.push(
      narrowed && records.length > 0 ? `${shown.length} of ${records.length} records match verdict and kind` : `${records.length} records`,
    )
    if (filters.signature) parts.push(`signature ${shorten(filters.signature)}`)
    status = `${parts.join(' · ')}.`
  }

  return (
    <div class="insights-page insights-history-page">
      <FilterForm applied={filters} onApply={apply} busy={loading !== ''} />
      <p role="status" aria-live="polite" data-testid="history-status">
        {status}
      </p>
      <ErrorMessage error={error} />
      <div aria-busy={loading !== ''}>
        {view.page && shown.length > 0 ? (
          <HistoryTable records={shown} expanded={expanded} onToggle={toggle} isMatch={(record) => isSought(record, filters)} />
        ) : view.page && !loading ? (
          <p class="hint" data-testid="history-empty">
            {records.length === 0
              ? pageNumber > 1
                ? 'No more records.'
                : filters.signature
                  ? 'You have no record of this signature matching these filters.'
                  : 'No records match these filters. Simulate a transaction (the Playground, or the API) and it shows here.'
              : 'No record of this page matches the verdict and kind: try the older pages.'}
          </p>
        ) : null}
      </div>
      <nav class="row insights-pager" aria-label="History pages">
        <button type="button" class="secondary" onClick={newer} disabled={loading !== '' || view.newer.length === 0}>
          <span aria-hidden="true">←</span> Newer
        </button>
        <span class="hint">Page {pageNumber}</span>
        <button type="button" class="secondary" onClick={older} disabled={loading !== '' || !view.page?.next_cursor}>
          Older <span aria-hidden="true">→</span>
        </button>
      </nav>
    </div>
  )
}
