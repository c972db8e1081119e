/**
 * Reads a Stripe v1 request body. The SDK form-encodes nested params with bracket keys
 * (`metadata[user_id]=7`, `line_items[0][price]=price_1`, `expand[0]=x`); this rebuilds the
 * object the caller passed, so the stand-in's routes read `body.line_items[0].price` as Stripe does.
 * Every leaf stays a string, as it is on the wire.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

/** Keys that would reach Object.prototype; a test double must not be the one place that allows it. */
const UNSAFE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype'])

/** `a[b][0][]` → ['a', 'b', '0', '']; a key with no brackets is one segment. */
export function toKeySegments(key: string): string[] {
  const open = key.indexOf('[')
  if (open <= 0) return [key]
  const segments = [key.slice(0, open)]
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '')
  return segments
}

function isIndex(segment: string): boolean {
  return segment === '' || /^\d+$/.test(segment)
}

/** Parses an `application/x-www-form-urlencoded` body into nested objects and arrays. */
export function fromFormBody(body: string): FormObject {
  const root: FormObject = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const segments = toKeySegments(key)
    if (segments.some((segment) => UNSAFE_SEGMENTS.has(segment))) continue
    let container: FormObject | FormValue[] = root
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i] as string
      const isLast = i === segments.length - 1
      // `a[]=x` appends; any other segment addresses a slot (an array index or an object key).
      const slot: string | number = Array.isArray(container) ? (segment === '' ? container.length : Number(segment)) : segment
      if (isLast) {
        ;(container as Record<string | number, FormValue>)[slot] = value
        break
      }
      const existing: FormValue | undefined = (container as Record<string | number, FormValue>)[slot]
      if (existing !== undefined && typeof existing !== 'string') {
        container = existing
        continue
      }
      const child: FormObject | FormValue[] = isIndex(segments[i + 1] as string) ? [] : {}
      ;(container as Record<string | number, FormValue>)[slot] = child
      container = child
    }
  }
  return root
}
