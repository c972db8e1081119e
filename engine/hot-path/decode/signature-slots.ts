/**
 * Signature slots may be empty or zero on simulate (docs/api.md#simulate-request). Zeroed slots
 * are a normal transaction; a transaction sent with no signature entries at all (count 0, an
 * unsigned message as some clients serialize it) gets its required slots here, zeroed, so the SVM
 * can run it.
 */

/** Solana's largest transaction (PACKET_DATA_SIZE) holds at most 19 signatures: one shortvec byte. */
const MAX_ONE_BYTE_COUNT = 0x7f

/** The bytes with `numRequiredSignatures` zeroed slots when they carry none; else the bytes. */
export function withSignatureSlots(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 2 || bytes[0] !== 0) return bytes
  // A v0 message starts with its version byte (top bit set), then the header.
  const headerAt = (bytes[1] as number) & 0x80 ? 2 : 1
  const required = bytes[headerAt]
  if (required === undefined || required === 0 || required > MAX_ONE_BYTE_COUNT) return bytes
  const filled = new Uint8Array(bytes.length + 64 * required)
  filled[0] = required
  filled.set(bytes.subarray(1), 1 + 64 * required)
  return filled
}
