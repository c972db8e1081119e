/**
 * A page's status line: always in the document (a live region must exist before its text
 * changes for screen readers to announce it), polite, and empty until there is news.
 */
export function LiveStatus({ message, testId }: { message: string | undefined; testId?: string }) {
  return (
    <p class="live-status" role="status" aria-live="polite" data-testid={testId}>
      {message ?? ''}
    </p>
  )
}
