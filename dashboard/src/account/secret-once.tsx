/**
 * A secret the service shows once (an API key, a webhook signing secret): the whole text, a copy
 * button, a warning that it will not be shown again, and "Done" to hide it. Its heading takes the
 * focus when it appears, so keyboard and screen-reader users land on it.
 */
import type { ComponentChildren } from 'preact'
import { useId, useLayoutEffect, useRef } from 'preact/hooks'
import { CopyButton } from '../components/copy-button.tsx'

export interface SecretOnceProps {
  title: string
  secret: string
  /** `data-testid` of the element holding the secret. */
  testId: string
  /** The copy button's text. */
  copyLabel?: string
  /** More to say under the warning (a rotation's grace period). */
  children?: ComponentChildren
  onDone: () => void
}

export function SecretOnce({ title, secret, testId, copyLabel = 'Copy', children, onDone }: SecretOnceProps) {
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    headingRef.current?.focus()
  }, [secret])
  return (
    <section class="card secret-once" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <code class="secret mono" data-testid={testId}>
        {secret}
      </code>
      <p class="secret-warning">
        <strong>Copy it now: it will not be shown again.</strong> The service keeps only its hash.
      </p>
      {children}
      <div class="row">
        <CopyButton value={secret} label={copyLabel} />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  )
}
