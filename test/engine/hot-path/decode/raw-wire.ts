/**
 * A field-by-field wire encoder with no validation, to build the malformed transactions kit
 * refuses to produce (bad headers, out-of-range indexes, duplicate keys, odd versions).
 */
export interface RawInstruction {
  programIdIndex: number
  accountIndexes: number[]
  data: number[]
}

export interface RawLookup {
  tableKey: Uint8Array
  writableIndexes: number[]
  readonlyIndexes: number[]
}

export interface RawTransaction {
  signatureCount: number
  /** Raw version prefix byte (0x80 for v0); undefined for legacy. */
  versionPrefix?: number
  header: [number, number, number]
  keys: Uint8Array[]
  blockhash?: Uint8Array
  instructions: RawInstruction[]
  lookups?: RawLookup[]
}

export function encodeShortVec(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      out.push(low)
      return out
    }
    out.push(low | 0x80)
  }
}

export function encodeRawTransaction(tx: RawTransaction): Uint8Array {
  const out: number[] = [...encodeShortVec(tx.signatureCount)]
  for (let i = 0; i < tx.signatureCount * 64; i++) out.push(0)
  if (tx.versionPrefix !== undefined) out.push(tx.versionPrefix)
  out.push(...tx.header, ...encodeShortVec(tx.keys.length))
  for (const key of tx.keys) out.push(...key)
  out.push(...(tx.blockhash ?? new Uint8Array(32).fill(7)))
  out.push(...encodeShortVec(tx.instructions.length))
  for (const ix of tx.instructions) {
    out.push(ix.programIdIndex, ...encodeShortVec(ix.accountIndexes.length), ...ix.accountIndexes)
    out.push(...encodeShortVec(ix.data.length), ...ix.data)
  }
  if (tx.lookups !== undefined) {
    out.push(...encodeShortVec(tx.lookups.length))
    for (const lookup of tx.lookups) {
      out.push(...lookup.tableKey, ...encodeShortVec(lookup.writableIndexes.length), ...lookup.writableIndexes)
      out.push(...encodeShortVec(lookup.readonlyIndexes.length), ...lookup.readonlyIndexes)
    }
  }
  return new Uint8Array(out)
}

/** A distinct, recognisable 32-byte key. */
export function testKey(n: number): Uint8Array {
  const key = new Uint8Array(32).fill(n)
  key[0] = 200
  key[31] = n
  return key
}

/** A valid v0 transaction: payer, one writable, one program; one lookup of 1 writable + 1 readonly. */
export function validRawTransaction(): RawTransaction {
  return {
    signatureCount: 1,
    versionPrefix: 0x80,
    header: [1, 0, 1],
    keys: [testKey(1), testKey(2), testKey(3)],
    instructions: [{ programIdIndex: 2, accountIndexes: [0, 1, 3, 4], data: [1, 2, 3] }],
    lookups: [{ tableKey: testKey(9), writableIndexes: [0], readonlyIndexes: [1] }],
  }
}
