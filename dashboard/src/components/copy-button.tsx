/** Copies a value to the clipboard and says so, for people and for screen readers. */
import { useState } from 'preact/hooks'

export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>(undefined)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <span>
      <button type="button" class="secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span class="copy-state" aria-live="polite">
        {copied === 'yes' ? ' Copied.' : copied === 'no' ? ' Select the text and copy it yourself.' : ''}
      </span>
    </span>
  )
}
