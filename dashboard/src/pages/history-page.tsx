/** Placeholder until this page is written. */
export function HistoryPage() {
  return <p>Coming in this change.</p>
}
