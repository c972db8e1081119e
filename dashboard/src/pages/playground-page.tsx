/** Placeholder until this page is written. */
export function PlaygroundPage() {
  return <p>Coming in this change.</p>
}
