/** Placeholder until this page is written. */
export function ToolsPage() {
  return <p>Coming in this change.</p>
}
