/** How numbers, amounts and dates read on every page. */

const LAMPORTS_PER_SOL = 1_000_000_000

export function formatSol(lamports: number | bigint | string): string {
  const value = Number(lamports) / LAMPORTS_PER_SOL
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 9 })} SOL`
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
