/**
 * A button whose action is asked for twice, in the page: "Revoke" turns into "Confirm revoke" and
 * "Cancel" (focus moves to the confirmation, and back to the button on cancel), so a stray click
 * or key press never revokes, rotates or deletes anything. Both buttons say what they act on
 * (`subject`) in their accessible name, so every row's buttons can be told apart.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'

export interface ConfirmButtonProps {
  /** The first button's text: "Revoke". */
  label: string
  /** The confirming button's text: "Confirm revoke". */
  confirmLabel: string
  /** What it acts on, appended to the accessible names: "key ci-deploy". */
  subject: string
  /** A short sentence shown while asking: "Revoke it now?". */
  question?: string
  /** Styles the buttons as destructive. */
  danger?: boolean
  disabled?: boolean
  onConfirm: () => Promise<void> | void
}

export function ConfirmButton({ label, confirmLabel, subject, question, danger = false, disabled = false, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const firstRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const groupRef = useRef<HTMLSpanElement>(null)
  const focusAfter = useRef<'confirm' | 'first' | undefined>(undefined)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // A layout effect: the focus moves before the next key press can land on the page's body.
  useLayoutEffect(() => {
    if (focusAfter.current === 'confirm') confirmRef.current?.focus()
    else if (focusAfter.current === 'first') firstRef.current?.focus()
    focusAfter.current = undefined
  }, [asking])

  const ask = () => {
    focusAfter.current = 'confirm'
    setAsking(true)
  }
  const cancel = () => {
    focusAfter.current = 'first'
    setAsking(false)
  }
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      if (mounted.current) {
        // Focus left on the confirmation (or lost with it) goes back to the button; focus the action moved elsewhere stays.
        const active = document.activeElement
        if (!active || active === document.body || groupRef.current?.contains(active)) focusAfter.current = 'first'
        setBusy(false)
        setAsking(false)
      }
    }
  }

  if (!asking) {
    return (
      <button
        ref={firstRef}
        type="button"
        class={danger ? 'danger' : 'secondary'}
        aria-label={`${label} ${subject}`}
        disabled={disabled}
        onClick={ask}
      >
        {label}
      </button>
    )
  }
  return (
    <span ref={groupRef} class="confirm-group" role="group" aria-label={`${label} ${subject}?`}>
      {question ? <span class="confirm-question">{question}</span> : null}
      <button
        ref={confirmRef}
        type="button"
        class={danger ? 'danger confirm' : 'confirm'}
        aria-label={`${confirmLabel} ${subject}`}
        aria-busy={busy ? 'true' : undefined}
        disabled={busy}
        onClick={() => void confirm()}
        onKeyDown={(event) => event.key === 'Escape' && cancel()}
      >
        {busy ? `${confirmLabel}…` : confirmLabel}
      </button>
      <button
        type="button"
        class="secondary"
        aria-label={`Cancel ${label.toLowerCase()} ${subject}`}
        disabled={busy}
        onClick={cancel}
        onKeyDown={(event) => event.key === 'Escape' && cancel()}
      >
        Cancel
      </button>
    </span>
  )
}
