/**
 * A uPlot chart over categories (days, risk levels): bars or lines, sized to its container and
 * redrawn when the container's width or the colour scheme changes.
 *
 * Only the statistics page imports this module, so uPlot and its stylesheet are part of that
 * page's chunk, not of the first load. uPlot draws on a canvas and sets element.style from script,
 * which the dashboard's Content-Security-Policy allows (`style-src 'self'` governs stylesheets and
 * style attributes in markup, not CSSOM writes).
 *
 * The canvas is hidden from assistive technology: every chart sits in a ChartFigure whose data
 * table carries the same numbers.
 */
import { useEffect, useRef } from 'preact/hooks'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export interface ChartSeries {
  label: string
  values: (number | null)[]
  /** A CSS custom property of styles.css (`--approve`) or a colour. */
  color: string
  /** Line dash in CSS pixels, so that series differ by more than their colour. */
  dash?: number[]
}

export interface CategoryChartProps {
  /** One label per category, in order (the x axis). */
  categories: string[]
  series: ChartSeries[]
  kind: 'bars' | 'lines'
  /** The y axis' unit, after each tick (`ms`). */
  unit?: string
  height?: number
  /** What a category is (`Day`), for the legend. */
  categoryLabel?: string
}

const DEFAULT_HEIGHT = 220

function readColor(style: CSSStyleDeclaration, color: string): string {
  return color.startsWith('--') ? style.getPropertyValue(color).trim() || '#777777' : color
}

function formatTick(value: number, unit: string | undefined): string {
  const text = Math.abs(value) >= 1000 ? `${Math.round(value / 100) / 10}k` : String(Math.round(value * 100) / 100)
  return unit ? `${text} ${unit}` : text
}

function buildOptions(props: CategoryChartProps, width: number): uPlot.Options {
  const style = getComputedStyle(document.documentElement)
  const fg = readColor(style, '--muted')
  const grid = readColor(style, '--line')
  const { categories, kind, unit } = props
  const bars = uPlot.paths.bars?.({ size: [0.6, 48], align: 0 })
  return {
    width,
    height: props.height ?? DEFAULT_HEIGHT,
    // No drag-to-zoom: a page of a few days reads as it is, and dragging fights scrolling on phones.
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    // The legend reads out the hovered category's values; its labels name the series in text.
    legend: { show: true },
    scales: {
      x: { time: false, range: [-0.5, categories.length - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: fg,
        grid: { show: false },
        ticks: { stroke: grid },
        incrs: [1, 2, 3, 4, 7, 14, 28],
        space: 44,
        values: (_u, splits) => splits.map((index) => categories[index] ?? ''),
      },
      {
        stroke: fg,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        size: unit ? 64 : 48,
        values: (_u, splits) => splits.map((value) => formatTick(value, unit)),
      },
    ],
    series: [
      { label: props.categoryLabel ?? 'Category', value: (_u, index) => (index === null ? '—' : (categories[index] ?? '')) },
      ...props.series.map((series): uPlot.Series => {
        const color = readColor(style, series.color)
        const shared = {
          label: series.label,
          stroke: color,
          width: 2,
          value: (_u: uPlot, value: number | null) => (value === null ? '—' : unit ? `${value} ${unit}` : String(value)),
        }
        // Bars take one series (several would overlap); the pages draw several as lines.
        if (kind === 'bars') return { ...shared, fill: translucent(color), paths: bars, points: { show: false } }
        return { ...shared, dash: series.dash, points: { show: true, size: 6, fill: color }, spanGaps: false }
      }),
    ],
  }
}

/** `color` with some transparency, for bar fills (a `#rrggbb` colour; any other as it is). */
function translucent(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? `${color}cc` : color
}

export function CategoryChart(props: CategoryChartProps) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = container.current
    if (!element) return
    const data: uPlot.AlignedData = [props.categories.map((_label, index) => index), ...props.series.map((series) => series.values)]
    let chart: uPlot | undefined
    const draw = () => {
      chart?.destroy()
      chart = new uPlot(buildOptions(props, Math.max(200, element.clientWidth)), data, element)
    }
    draw()
    let lastWidth = element.clientWidth
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth
      if (!chart || width === lastWidth || width === 0) return
      lastWidth = width
      chart.setSize({ width: Math.max(200, width), height: props.height ?? DEFAULT_HEIGHT })
    })
    observer.observe(element)
    // The axes and series read the page's colours: draw again when light and dark swap.
    const scheme = matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', draw)
    return () => {
      observer.disconnect()
      scheme.removeEventListener('change', draw)
      chart?.destroy()
    }
  }, [props.categories, props.series, props.kind, props.unit, props.height, props.categoryLabel])
  return <div class="chart insights-chart" ref={container} aria-hidden="true" />
}
