/** How numbers, amounts and dates read on every page. */

const SOL_DECIMALS = 9

/** A base-unit amount with its decimals, exact (bigint): "1.005", "−0.000005", "+4.028149" (with `signed`). */
export function formatUnits(value: string | bigint, decimals: number | null | undefined, signed = false): string {
  let units: bigint
  try {
    units = typeof value === 'bigint' ? value : BigInt(value)
  } catch {
    return String(value)
  }
  const negative = units < 0n
  const magnitude = negative ? -units : units
  const places = decimals ?? 0
  const scale = 10n ** BigInt(places)
  const whole = (magnitude / scale).toLocaleString('en-US')
  const fraction = places > 0 ? (magnitude % scale).toString().padStart(places, '0').replace(/0+$/, '') : ''
  const sign = negative ? '−' : signed && magnitude > 0n ? '+' : ''
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Lamports as SOL ("0.001 SOL"). */
export function formatSol(lamports: number | bigint | string): string {
  return `${formatUnits(typeof lamports === 'number' ? BigInt(Math.round(lamports)) : lamports, SOL_DECIMALS)} SOL`
}

export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—'
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' })
}

/** The first and last characters of an address or signature, for tables (the whole value in a title). */
export function shorten(value: string, keep = 6): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`
}
