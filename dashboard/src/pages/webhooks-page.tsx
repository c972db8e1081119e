/** Placeholder until this page is written. */
export function WebhooksPage() {
  return <p>Coming in this change.</p>
}
