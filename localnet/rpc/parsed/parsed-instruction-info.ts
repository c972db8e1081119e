/**
 * The `parsed` value of a jsonParsed instruction, `{info, type}`. Agave builds `info` with
 * serde_json's `json!`, whose maps are BTreeMaps (no `preserve_order`), so every object in it
 * comes out with its keys sorted; so do they here.
 */
export type ParsedInstructionInfo = { readonly info: Readonly<Record<string, unknown>>; readonly type: string }

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return value
  const sorted: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key])
  return sorted
}

/** A parsed instruction's `{info, type}`, keys sorted as Agave writes them. */
export function toParsedInstructionInfo(type: string, info: Readonly<Record<string, unknown>>): ParsedInstructionInfo {
  return { info: sortKeys(info) as Record<string, unknown>, type }
}
