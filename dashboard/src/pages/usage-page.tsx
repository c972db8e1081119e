/** Placeholder until this page is written. */
export function UsagePage() {
  return <p>Coming in this change.</p>
}
