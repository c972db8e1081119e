/** How the report writes its figures: milliseconds, rates and ratios, "—" for anything unknown. */

/** 0.0412 → "0.0412", 1.234 → "1.23", 123.4 → "123": three significant digits. */
export function formatMs(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—'
  if (ms === 0) return '0'
  if (Math.abs(ms) >= 100) return Math.round(ms).toString()
  return Number(ms.toPrecision(3)).toString()
}

/** 12345.6 → "12,346", 7.25 → "7.3": whole requests per second once there are ten or more. */
export function formatRatePerS(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—'
  if (Math.abs(rate) < 10) return Number(rate.toFixed(1)).toString()
  return Math.round(rate).toLocaleString('en-US')
}

/** B/A: "0.97", "12.4", "153". */
export function formatRatio(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—'
  if (ratio >= 100) return Math.round(ratio).toString()
  return ratio.toFixed(ratio >= 10 ? 1 : 2)
}
