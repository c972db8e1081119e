/** Placeholder until this page is written. */
export function KeysPage() {
  return <p>Coming in this change.</p>
}
