/**
 * JSON text for RPC responses. Solana nodes write u64 values (lamports, slots, rentEpoch
 * 18446744073709551615) as bare JSON numbers; JSON.stringify cannot write a bigint, and a double
 * would round them, so bigints are written here as their exact digits.
 */
export function toJsonText(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString()
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null'
    case 'boolean':
      return value ? 'true' : 'false'
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toJsonText(item))).join(',')}]`
      const parts: string[] = []
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toJsonText(item)}`)
      }
      return `{${parts.join(',')}}`
    }
    default:
      return 'null'
  }
}
