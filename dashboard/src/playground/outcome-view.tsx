/**
 * Prediction against reality for a landed transaction (docs/api.md#tracking): the tracking
 * record's prediction (success, fee, compute units, balance changes) beside what landed, which
 * is the prediction except where `outcome.differences` names a field.
 */
import type { TrackedTransaction } from '@preflight/sdk'
import { formatNumber, shorten } from '../components/format.ts'
import { assetName, formatAsset, formatLamports } from './amounts.ts'
import { TableRegion } from './table-region.tsx'

type Outcome = NonNullable<TrackedTransaction['outcome']>
type Difference = Outcome['differences'][number]

interface Row {
  key: string
  what: string
  title?: string
  predicted: string
  landed: string
  same: boolean
}

const FIELD_NAMES: Record<Difference['field'], string> = {
  success: 'success',
  fee_lamports: 'fee',
  compute_units: 'compute units',
  balance_change: 'balance change',
}

function yesNo(value: string | boolean): string {
  return value === true || value === 'true' ? 'succeeded' : value === false || value === 'false' ? 'failed' : String(value)
}

function buildRows(record: TrackedTransaction, outcome: Outcome, decimals: ReadonlyMap<string, number>): Row[] {
  const prediction = record.prediction
  const find = (field: Difference['field'], account?: string | null, mint?: string | null) =>
    outcome.differences.find(
      (difference) =>
        difference.field === field && (account === undefined || (difference.account === account && difference.mint === (mint ?? null))),
    )
  const amount = (value: string, mint: string | null) => formatAsset(value, mint, mint === null ? 9 : decimals.get(mint), true)
  const rows: Row[] = []
  if (prediction) {
    const success = find('success')
    rows.push({
      key: 'success',
      what: 'Result',
      predicted: yesNo(prediction.success),
      landed: success ? yesNo(success.actual) : yesNo(prediction.success),
      same: !success,
    })
    const fee = find('fee_lamports')
    rows.push({
      key: 'fee',
      what: 'Fee',
      predicted: prediction.fee_lamports === null ? '—' : formatLamports(prediction.fee_lamports),
      landed: fee ? formatLamports(fee.actual) : prediction.fee_lamports === null ? '—' : formatLamports(prediction.fee_lamports),
      same: !fee,
    })
    const units = find('compute_units')
    const predictedUnits = prediction.compute_units === null ? '—' : formatNumber(prediction.compute_units)
    rows.push({
      key: 'units',
      what: 'Compute units',
      predicted: predictedUnits,
      landed: units ? formatNumber(Number(units.actual)) : predictedUnits,
      same: !units,
    })
    for (const change of prediction.balance_changes) {
      const difference = find('balance_change', change.account, change.mint)
      rows.push({
        key: `${change.account}:${change.mint ?? 'sol'}`,
        what: `${shorten(change.account, 4)} (${assetName(change.mint)})`,
        title: change.account,
        predicted: amount(change.delta, change.mint),
        landed: amount(difference ? difference.actual : change.delta, change.mint),
        same: !difference,
      })
    }
  }
  // Balance changes that landed without being predicted.
  for (const difference of outcome.differences) {
    if (difference.field !== 'balance_change' || !difference.account) continue
    if (rows.some((row) => row.key === `${difference.account}:${difference.mint ?? 'sol'}`)) continue
    rows.push({
      key: `${difference.account}:${difference.mint ?? 'sol'}`,
      what: `${shorten(difference.account, 4)} (${assetName(difference.mint)})`,
      title: difference.account,
      predicted: amount(difference.predicted, difference.mint),
      landed: amount(difference.actual, difference.mint),
      same: false,
    })
  }
  return rows
}

function describeDifference(difference: Difference, decimals: ReadonlyMap<string, number>): string {
  const name = FIELD_NAMES[difference.field]
  const value = (text: string) =>
    difference.field === 'fee_lamports'
      ? formatLamports(text)
      : difference.field === 'balance_change'
        ? formatAsset(text, difference.mint, difference.mint === null ? 9 : decimals.get(difference.mint), true)
        : difference.field === 'success'
          ? yesNo(text)
          : text
  const where = difference.account ? ` of ${shorten(difference.account, 4)}` : ''
  return `the ${name}${where} was predicted ${value(difference.predicted)} and landed ${value(difference.actual)}`
}

export function OutcomeView({ record, decimals }: { record: TrackedTransaction; decimals: ReadonlyMap<string, number> }) {
  const outcome = record.outcome
  if (!outcome) return null
  const rows = buildRows(record, outcome, decimals)
  const sentence = outcome.matched
    ? 'The landed outcome matched the prediction.'
    : outcome.differences.length > 0
      ? `The landed outcome differed from the prediction: ${outcome.differences.map((difference) => describeDifference(difference, decimals)).join('; ')}.`
      : 'The landed outcome differed from the prediction.'
  return (
    <section data-testid="outcome" data-matched={String(outcome.matched)} aria-labelledby="pg-outcome-title" class="pg-outcome">
      <h3 id="pg-outcome-title">Prediction vs reality</h3>
      <p class={outcome.matched ? 'pg-outcome-sentence pg-outcome-same' : 'pg-outcome-sentence pg-outcome-different'} role="status">
        {sentence}
      </p>
      <p class="hint">
        Landed in slot {formatNumber(outcome.landed_slot)}
        {record.prediction ? `; predicted at slot ${formatNumber(record.prediction.context_slot)}` : ''}.
      </p>
      <TableRegion label="Predicted and landed values">
        <table>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Predicted</th>
              <th scope="col">Landed</th>
              <th scope="col">Same?</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} class={row.same ? '' : 'pg-row-different'}>
                <th scope="row" title={row.title}>
                  {row.what}
                </th>
                <td class="pg-number">{row.predicted}</td>
                <td class="pg-number">{row.landed}</td>
                <td>{row.same ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  )
}
