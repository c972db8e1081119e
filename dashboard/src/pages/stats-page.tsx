/**
 * Statistics: the headline figures of `GET /simulations/stats?days=14`, and charts (uPlot, loaded
 * with this page only) of its per-day series (simulations, verdicts, latency) and of the risk
 * levels it counts: one request.
 */
import { useMemo } from 'preact/hooks'
import type { UserStats } from '@preflight/sdk'
import { ErrorMessage } from '../components/error-message.tsx'
import { formatNumber } from '../components/format.ts'
import { useAsync } from '../components/use-async.ts'
import { useSession } from '../session/session-context.ts'
import type { ChartSeries } from '../insights/category-chart.tsx'
import { ChartFigure } from '../insights/chart-figure.tsx'
import { CHART_DAYS, toDailySeries, type DailySeries } from '../insights/daily-series.ts'
import '../insights/insights.css'

const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const

function formatRate(rate: number): string {
  return `${formatNumber(rate * 100, 1)} %`
}

function Facts({ stats }: { stats: UserStats }) {
  return (
    <dl class="facts" data-testid="stats-facts">
      <dt>Simulations</dt>
      <dd>{formatNumber(stats.total_simulations)}</dd>
      <dt>Today (since 00:00 UTC)</dt>
      <dd>{formatNumber(stats.simulations_today)}</dd>
      <dt>Last 7 days</dt>
      <dd>{formatNumber(stats.simulations_7d)}</dd>
      <dt>Succeeded</dt>
      <dd>
        {formatNumber(stats.success_count)} ({formatRate(stats.success_rate)})
      </dd>
      <dt>Failed</dt>
      <dd>{formatNumber(stats.fail_count)}</dd>
      <dt>Average latency</dt>
      <dd>{formatNumber(stats.avg_latency_ms, 2)} ms</dd>
      <dt>Average MEV score</dt>
      <dd>{formatNumber(stats.avg_mev_score, 3)}</dd>
    </dl>
  )
}

function DailyCharts({ daily }: { daily: DailySeries }) {
  const perDay = useMemo<ChartSeries[]>(() => [{ label: 'Simulations', values: daily.simulations, color: '--accent' }], [daily])
  const verdicts = useMemo<ChartSeries[]>(
    () => [
      { label: 'Approve', values: daily.approve, color: '--approve' },
      { label: 'Warn', values: daily.warn, color: '--warn', dash: [8, 4] },
      { label: 'Block', values: daily.block, color: '--block', dash: [2, 3] },
    ],
    [daily],
  )
  const latency = useMemo<ChartSeries[]>(
    () => [
      { label: 'p50', values: daily.p50, color: '--accent' },
      { label: 'p95', values: daily.p95, color: '--warn', dash: [8, 4] },
      { label: 'p99', values: daily.p99, color: '--block', dash: [2, 3] },
    ],
    [daily],
  )
  const span = `the last ${CHART_DAYS} days (UTC)`
  return (
    <>
      <div class="insights-charts">
        <ChartFigure
          name="per-day"
          caption={`Simulations per day, ${span}`}
          categoryHeader="Day (UTC)"
          categories={daily.labels}
          series={perDay}
          kind="bars"
          empty={`No simulations in ${span}.`}
        />
        <ChartFigure
          name="verdicts"
          caption={`Verdicts per day (approve solid, warn dashed, block dotted), ${span}`}
          categoryHeader="Day (UTC)"
          categories={daily.labels}
          series={verdicts}
          kind="lines"
          empty={`No verdicts in ${span}.`}
        />
        <ChartFigure
          name="latency"
          caption={`Engine latency per day: median (p50), p95 and p99, ${span}`}
          categoryHeader="Day (UTC)"
          categories={daily.labels}
          series={latency}
          kind="lines"
          unit="ms"
          digits={1}
          empty={`No simulations in ${span}.`}
        />
      </div>
    </>
  )
}

function RiskChart({ stats }: { stats: UserStats }) {
  const series = useMemo<ChartSeries[]>(() => {
    const counts = new Map(stats.risk_distribution.map((entry) => [entry.level, entry.count]))
    return [{ label: 'Simulations', values: RISK_LEVELS.map((level) => counts.get(level) ?? 0), color: '--warn' }]
  }, [stats])
  const categories = useMemo(() => [...RISK_LEVELS], [])
  return (
    <ChartFigure
      name="risk"
      caption="Risk levels of all your simulations"
      categoryHeader="Risk level"
      categories={categories}
      series={series}
      kind="bars"
      empty="No simulation was scored yet."
    />
  )
}

/** One breakdown as a card: a two-column table of counts, or a sentence when there is nothing to count. */
function CountTable(props: { id: string; title: string; label: string; empty: string; rows: [string, number][]; mono?: boolean }) {
  const { id, title, label, empty, rows, mono } = props
  return (
    <section class="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p class="hint">{empty}</p>
      ) : (
        <div class="table-wrap">
          <table data-testid={id}>
            <thead>
              <tr>
                <th scope="col">{label}</th>
                <th scope="col">Simulations</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, count]) => (
                <tr key={name}>
                  <td class={mono ? 'mono' : undefined}>{name}</td>
                  <td>{formatNumber(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function Breakdowns({ stats }: { stats: UserStats }) {
  const mev = Object.entries(stats.mev_distribution).sort(([, a], [, b]) => b - a)
  return (
    <div class="grid">
      <CountTable
        id="stats-failures"
        title="Top failure reasons"
        label="Code"
        empty="No failed simulation."
        rows={stats.top_failure_reasons.map((reason): [string, number] => [reason.code, reason.count])}
        mono
      />
      <CountTable id="stats-mev" title="MEV levels" label="Level" empty="No simulation was scored for MEV yet." rows={mev} />
    </div>
  )
}

export function StatsPage() {
  const { client } = useSession()
  const stats = useAsync(() => client.stats({ days: CHART_DAYS }), [client])
  const daily = useMemo(() => (stats.value ? toDailySeries(stats.value.daily) : null), [stats.value])
  const loading = stats.loading
  const refresh = () => stats.reload()
  return (
    <div class="insights-page insights-stats" aria-busy={loading}>
      <div class="row">
        <button type="button" class="secondary" onClick={refresh} disabled={loading}>
          Refresh
        </button>
        <span class="hint" role="status" aria-live="polite">
          {loading ? 'Loading statistics…' : stats.value ? `Read at ${new Date().toLocaleTimeString('en-GB')}.` : ''}
        </span>
      </div>
      <ErrorMessage error={stats.error} />
      {stats.value ? (
        <section class="card" aria-labelledby="stats-headline">
          <h2 id="stats-headline">Your figures</h2>
          <Facts stats={stats.value} />
        </section>
      ) : null}
      <h2>Per day</h2>
      {daily ? <DailyCharts daily={daily} /> : null}
      {stats.value ? (
        <>
          <h2>Risk and failures</h2>
          <div class="insights-charts">
            <RiskChart stats={stats.value} />
          </div>
          <Breakdowns stats={stats.value} />
        </>
      ) : null}
    </div>
  )
}
