/**
 * Just enough of Solana's wire format to tell whether a pasted transaction is signed (every
 * signature its message requires present and not zero), which execute needs; the service checks
 * that they verify.
 */

export type SignatureState =
  { kind: 'empty' } | { kind: 'invalid' } | { kind: 'unsigned'; required: number; present: number } | { kind: 'signed'; required: number }

function decodeBase64(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text.replace(/\s+/g, ''))
    const bytes = new Uint8Array(binary.length)
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
    return bytes
  } catch {
    return undefined
  }
}

/** A compact-u16 at `offset`: its value and the bytes it took. */
function readShortVec(bytes: Uint8Array, offset: number): [number, number] | undefined {
  let value = 0
  for (let index = 0; index < 3; index++) {
    const byte = bytes[offset + index]
    if (byte === undefined) return undefined
    value |= (byte & 0x7f) << (7 * index)
    if ((byte & 0x80) === 0) return [value, index + 1]
  }
  return undefined
}

export function getSignatureState(base64: string): SignatureState {
  if (base64.trim() === '') return { kind: 'empty' }
  const bytes = decodeBase64(base64.trim())
  if (!bytes) return { kind: 'invalid' }
  const count = readShortVec(bytes, 0)
  if (!count) return { kind: 'invalid' }
  const [signatures, countLength] = count
  const messageStart = countLength + signatures * 64
  const first = bytes[messageStart]
  if (first === undefined) return { kind: 'invalid' }
  // A versioned message starts with 0x80 | version, then the header; a legacy one with the header.
  const required = first & 0x80 ? bytes[messageStart + 1] : first
  if (required === undefined) return { kind: 'invalid' }
  let present = 0
  for (let index = 0; index < Math.min(signatures, required); index++) {
    const start = countLength + index * 64
    if (bytes.subarray(start, start + 64).some((byte) => byte !== 0)) present++
  }
  return present === required && required > 0 ? { kind: 'signed', required } : { kind: 'unsigned', required, present }
}
