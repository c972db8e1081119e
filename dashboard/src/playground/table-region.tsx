/**
 * A table that may scroll sideways on a narrow screen (`.table-wrap`): a named region that takes
 * the keyboard's focus, so it can be scrolled without a mouse.
 */
import type { ComponentChildren } from 'preact'

export function TableRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
