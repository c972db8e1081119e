/** The base64 form of a wire transaction, as clients send it. */

/** Solana's PACKET_DATA_SIZE (1232 bytes) in base64 characters. */
export const MAX_TRANSACTION_BASE64_LENGTH = Math.ceil(1232 / 3) * 4

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The bytes of a standard-base64 string, or undefined if it is not base64. */
export function decodeBase64Transaction(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return undefined
  return Buffer.from(text, 'base64')
}
