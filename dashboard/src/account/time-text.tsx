/** A date as the dashboard writes it, in a <time> element that carries the exact instant. */
import { formatDate } from '../components/format.ts'

export function TimeText({ iso, empty = '—' }: { iso: string | null | undefined; empty?: string }) {
  if (!iso) return <>{empty}</>
  return <time dateTime={iso}>{formatDate(iso)}</time>
}

/** The instant `hours` from now, ISO. */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString()
}
