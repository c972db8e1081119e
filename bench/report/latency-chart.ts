/**
 * The latency chart of a load result: one line per run over the HDR percentile axis, with the
 * floor and the cold run dashed, as a self-contained SVG (no script, no external font or style).
 */
import type { LoadBenchResult } from '../load/load-results.js'
import { createLinearScale, getLatencyAxis, getPercentileAxis, toAxisLog, toAxisX } from './chart-scales.js'
import { getChartSeries, type ChartSeries, type ChartSeriesOptions } from './chart-series.js'
import { formatMs } from './format-figures.js'

export interface LatencyChartOptions extends ChartSeriesOptions {
  widthPx?: number
  /** The least height; the chart grows when the legend needs more. */
  heightPx?: number
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const LEGEND_WIDTH_PX = 290
const LEGEND_ROW_PX = 19
const MARGIN = { top: 76, left: 72, bottom: 62, right: 16 }

/** Text safe inside an SVG element or attribute. */
function toXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Pixels with one decimal: enough for a 960-wide chart, and never NaN (callers pass finite values). */
function px(value: number): string {
  return (Math.round(value * 10) / 10).toString()
}

/** "0.1", "1", "1000": a decade tick without float noise. */
function formatTickMs(ms: number): string {
  return ms >= 1 ? ms.toFixed(0) : Number(ms.toPrecision(1)).toString()
}

/** The date part of an ISO timestamp, or the text as given. */
function toDateLabel(startedAt: string): string {
  return /^\d{4}-\d{2}-\d{2}/.exec(startedAt)?.[0] ?? startedAt
}

function renderSubtitle(result: LoadBenchResult): string {
  const machine = result.machine as Partial<LoadBenchResult['machine']> | undefined
  const parts: string[] = []
  if (machine?.cpuModel !== undefined) parts.push(`${machine.cpuModel}${machine.cpus !== undefined ? ` ×${machine.cpus}` : ''}`)
  if (machine?.node !== undefined) parts.push(`node ${machine.node}`)
  if (Number.isFinite(result.durationS)) parts.push(`${Math.round(result.durationS)} s of load`)
  parts.push('latency by percentile, both axes log')
  return parts.join(' · ')
}

/** Renders `result` as an SVG document (a string starting with `<svg`), ~960×540 by default. */
export function renderLatencyChart(result: LoadBenchResult, options: LatencyChartOptions = {}): string {
  const series = getChartSeries(result, options)
  const width = options.widthPx ?? 960
  const legendHeight = (series.length + 1) * LEGEND_ROW_PX
  const height = Math.max(options.heightPx ?? 540, MARGIN.top + legendHeight + 24)
  const plot = { left: MARGIN.left, top: MARGIN.top, right: width - LEGEND_WIDTH_PX - MARGIN.right, bottom: height - MARGIN.bottom }

  const allPoints = series.flatMap((line) => line.points)
  const xAxis = getPercentileAxis(allPoints.map(([percentile]) => percentile))
  const yAxis = getLatencyAxis(allPoints.map(([, ms]) => ms))
  const toX = createLinearScale(0, xAxis.maxX, plot.left, plot.right)
  const toY = createLinearScale(Math.log10(yAxis.minMs), Math.log10(yAxis.maxMs), plot.bottom, plot.top)
  const pointX = (percentile: number) => toX(toAxisX(xAxis, percentile))
  const pointY = (ms: number) => toY(toAxisLog(yAxis, ms))

  const commit = result.git.commit.slice(0, 7) + (result.git.dirty ? '+dirty' : '')
  const clipId = `latency-plot-${result.git.commit.replace(/[^0-9a-z]/gi, '').slice(0, 12) || 'x'}`
  const out: string[] = []
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${toXmlText(FONT)}" font-size="12" role="img">`,
    `<title>${toXmlText(`Load-run latency, ${commit}, ${toDateLabel(result.startedAt)}`)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN.left}" y="30" font-size="18" font-weight="600" fill="#111">${toXmlText(`Load-run latency · ${commit} · ${toDateLabel(result.startedAt)}`)}</text>`,
    `<text x="${MARGIN.left}" y="52" fill="#555">${toXmlText(renderSubtitle(result))}</text>`,
    `<defs><clipPath id="${clipId}"><rect x="${px(plot.left)}" y="${px(plot.top - 4)}" width="${px(plot.right - plot.left + 4)}" height="${px(plot.bottom - plot.top + 8)}"/></clipPath></defs>`,
  )

  // Grid: minor lines at 2–9 of each decade, major lines and labels at the decades and percentiles.
  out.push('<g stroke-width="1" fill="none">')
  for (const tick of yAxis.ticksMs.slice(0, -1)) {
    for (let step = 2; step <= 9; step++)
      out.push(
        `<line x1="${px(plot.left)}" x2="${px(plot.right)}" y1="${px(pointY(tick * step))}" y2="${px(pointY(tick * step))}" stroke="#f1f1f1"/>`,
      )
  }
  for (const tick of yAxis.ticksMs)
    out.push(`<line x1="${px(plot.left)}" x2="${px(plot.right)}" y1="${px(pointY(tick))}" y2="${px(pointY(tick))}" stroke="#d9d9d9"/>`)
  for (const tick of xAxis.ticks)
    out.push(
      `<line x1="${px(toX(tick.x))}" x2="${px(toX(tick.x))}" y1="${px(plot.top)}" y2="${px(plot.bottom)}" stroke="${tick.label === 'max' ? '#bbbbbb' : '#d9d9d9'}"${tick.label === 'max' ? ' stroke-dasharray="2 3"' : ''}/>`,
    )
  out.push(
    `<rect x="${px(plot.left)}" y="${px(plot.top)}" width="${px(plot.right - plot.left)}" height="${px(plot.bottom - plot.top)}" stroke="#999999"/>`,
    '</g>',
  )

  out.push('<g fill="#444">')
  for (const tick of yAxis.ticksMs)
    out.push(`<text x="${px(plot.left - 8)}" y="${px(pointY(tick) + 4)}" text-anchor="end">${formatTickMs(tick)}</text>`)
  for (const tick of xAxis.ticks)
    out.push(`<text x="${px(toX(tick.x))}" y="${px(plot.bottom + 18)}" text-anchor="middle">${tick.label}</text>`)
  out.push(
    `<text x="${px((plot.left + plot.right) / 2)}" y="${px(plot.bottom + 42)}" text-anchor="middle" fill="#222">percentile (log scale of 1/(1−p): each step one more nine)</text>`,
    `<text transform="translate(${px(MARGIN.left - 48)} ${px((plot.top + plot.bottom) / 2)}) rotate(-90)" text-anchor="middle" fill="#222">latency, ms (log scale)</text>`,
    '</g>',
  )

  // The references first, so the runs are drawn over them.
  const drawOrder = [...series.filter((line) => line.dash !== null), ...series.filter((line) => line.dash === null)]
  out.push(`<g clip-path="url(#${clipId})" fill="none" stroke-linejoin="round" stroke-linecap="round">`)
  for (const line of drawOrder) out.push(renderPolyline(line, pointX, pointY))
  out.push('</g>')
  if (allPoints.length === 0) {
    out.push(
      `<text x="${px((plot.left + plot.right) / 2)}" y="${px((plot.top + plot.bottom) / 2)}" text-anchor="middle" font-size="14" fill="#888">no latency data in this result</text>`,
    )
  }

  out.push(renderLegend(series, plot.right + 24, width - MARGIN.right, plot.top))
  out.push('</svg>')
  return out.join('\n') + '\n'
}

function renderPolyline(line: ChartSeries, pointX: (percentile: number) => number, pointY: (ms: number) => number): string {
  if (line.points.length === 0) return ''
  const coordinates: string[] = []
  let last = ''
  for (const [percentile, ms] of line.points) {
    const coordinate = `${px(pointX(percentile))},${px(pointY(ms))}`
    if (coordinate !== last) coordinates.push(coordinate)
    last = coordinate
  }
  // A single point still shows, as a dot from the round line cap.
  if (coordinates.length === 1) coordinates.push(coordinates[0] as string)
  const dash = line.dash === null ? '' : ` stroke-dasharray="${line.dash}"`
  return `<polyline points="${coordinates.join(' ')}" stroke="${line.colour}" stroke-width="${line.widthPx}"${dash}><title>${toXmlText(line.label)}</title></polyline>`
}

function renderLegend(series: ChartSeries[], left: number, right: number, top: number): string {
  const out = ['<g font-size="12">']
  out.push(`<text x="${px(right)}" y="${px(top + 4)}" text-anchor="end" fill="#555">p99 ms</text>`)
  series.forEach((line, index) => {
    const y = top + (index + 1) * LEGEND_ROW_PX + 4
    const dash = line.dash === null ? '' : ` stroke-dasharray="${line.dash}"`
    const empty = line.points.length === 0
    out.push(
      `<line x1="${px(left)}" x2="${px(left + 26)}" y1="${px(y - 4)}" y2="${px(y - 4)}" stroke="${line.colour}" stroke-width="${line.widthPx + 0.5}"${dash} stroke-linecap="round"/>`,
      `<text x="${px(left + 34)}" y="${px(y)}" fill="${empty ? '#999' : '#222'}">${toXmlText(line.label)}</text>`,
      `<text x="${px(right)}" y="${px(y)}" text-anchor="end" fill="#555">${empty ? 'no data' : formatMs(line.p99Ms)}</text>`,
    )
  })
  out.push('</g>')
  return out.join('\n')
}
