/** An API error as the user should read it: the service's message, and its code for a bug report. */
import { isPreflightError } from '@preflight/sdk'

export function describeError(error: unknown): { message: string; code: string | undefined } {
  if (isPreflightError(error)) return { message: error.message, code: error.code }
  if (error instanceof Error) return { message: error.message, code: undefined }
  return { message: String(error), code: undefined }
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null
  const { message, code } = describeError(error)
  return (
    <p class="error" role="alert">
      {message}
      {code ? <span class="error-code"> ({code})</span> : null}
    </p>
  )
}
