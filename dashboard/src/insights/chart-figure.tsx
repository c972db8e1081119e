/**
 * A chart with its caption and its text alternative: a data table with the same numbers, in a
 * <details> (closed by default, so sighted readers see the chart; open it, or let a screen reader
 * read it, for the figures).
 */
import type { ComponentChildren } from 'preact'
import { CategoryChart, type CategoryChartProps } from './category-chart.tsx'
import { formatNumber } from '../components/format.ts'

export interface ChartFigureProps extends CategoryChartProps {
  /** data-testid / id stem, e.g. `per-day`. */
  name: string
  caption: ComponentChildren
  /** The category column's header in the data table (`Day (UTC)`). */
  categoryHeader: string
  /** Digits after the decimal point in the data table. */
  digits?: number
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string
}

export function ChartFigure(props: ChartFigureProps) {
  const { name, caption, categoryHeader, categories, series, unit, digits = 0, empty } = props
  const hasData = series.some((s) => s.values.some((value) => value !== null && value !== 0))
  const captionId = `chart-${name}-caption`
  return (
    <figure class="card insights-figure" data-testid="stats-chart" data-chart={name} aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      {hasData || !empty ? <CategoryChart {...props} categoryLabel={props.categoryLabel ?? categoryHeader} /> : <p class="hint">{empty}</p>}
      <details class="insights-data">
        <summary>Data table</summary>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{categoryHeader}</th>
                {series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                    {unit ? ` (${unit})` : ''}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((category, index) => (
                <tr key={category}>
                  <th scope="row">{category}</th>
                  {series.map((s) => (
                    <td key={s.label}>{formatNumber(s.values[index], digits)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
