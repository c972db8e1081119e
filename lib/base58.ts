/**
 * Base58 (Bitcoin alphabet) of a short byte string, for transaction signatures in history. kit's
 * codec goes through a BigInt and costs ≈36 µs for 64 bytes; this schoolbook conversion over a
 * small digit array costs a few. History encodes one signature per simulate; the engine encodes
 * the keys of its geyser filters and its RPC requests.
 * test/edge/base58-encode.test.ts checks it against kit's codec.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/**
 * A signature in base58: 64 bytes are 64 (all zeroes) to 88 characters of the Bitcoin alphabet
 * (87 or 88 for almost every real one); whether it decodes to 64 bytes, a lookup of it says. A
 * string, for JSON schemas; isBase58Signature checks it in code.
 */
export const BASE58_SIGNATURE_PATTERN = '^[1-9A-HJ-NP-Za-km-z]{64,88}$'
const BASE58_SIGNATURE = new RegExp(BASE58_SIGNATURE_PATTERN)

/** Whether `value` is the base58 text of a 64-byte signature (BASE58_SIGNATURE_PATTERN). */
export function isBase58Signature(value: unknown): value is string {
  return typeof value === 'string' && BASE58_SIGNATURE.test(value)
}

/** The base58 text of `bytes`. */
export function toBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Base-58 digits, least significant first; 138/100 > log(256)/log(58) bounds their count.
  const digits = new Uint8Array(Math.ceil(((bytes.length - zeros) * 138) / 100) + 1)
  let length = 0
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number
    for (let j = 0; j < length; j++) {
      carry += (digits[j] as number) << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits[length++] = carry % 58
      carry = (carry / 58) | 0
    }
  }
  let text = '1'.repeat(zeros)
  for (let j = length - 1; j >= 0; j--) text += ALPHABET[digits[j] as number]
  return text
}
