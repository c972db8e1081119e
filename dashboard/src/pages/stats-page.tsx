/** Placeholder until this page is written. */
export function StatsPage() {
  return <p>Coming in this change.</p>
}
