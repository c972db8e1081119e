import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { isServiceError } from '../../../../lib/errors.js'
import { decodeWireTransaction, PACKET_DATA_SIZE } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { buildWireTransaction, memoInstruction, randomAddress, transferInstruction } from './kit-transactions.js'
import { readMainnetFixtures } from './mainnet-fixtures.js'
import { encodeRawTransaction, testKey, validRawTransaction, type RawTransaction } from './raw-wire.js'

/** The error decoding `bytes` throws; fails the test when it throws nothing. */
function decodeError(bytes: Uint8Array): unknown {
  try {
    decodeWireTransaction(bytes)
  } catch (error) {
    return error
  }
  return undefined
}

function assertInvalid(t: Test, bytes: Uint8Array, message: RegExp, name: string): void {
  const error = decodeError(bytes)
  t.ok(isServiceError(error, 'invalid_transaction'), `${name}: invalid_transaction`)
  t.match((error as Error | undefined)?.message, message, `${name}: says why`)
}

function raw(change: (tx: RawTransaction) => void): Uint8Array {
  const tx = validRawTransaction()
  change(tx)
  return encodeRawTransaction(tx)
}

const fixtures = readMainnetFixtures()

t.test('the hand-built baseline is valid', async (t) => {
  const tx = decodeWireTransaction(raw(() => {}))
  t.equal(tx.version, 0)
  t.equal(tx.loadedKeyCount, 2)
})

t.test('empty, garbage and oversized input', async (t) => {
  assertInvalid(t, new Uint8Array(0), /empty/, 'empty')
  assertInvalid(t, new Uint8Array([0]), /no signature|message missing/, 'a single zero byte')
  assertInvalid(t, new Uint8Array(PACKET_DATA_SIZE + 1), /1233 bytes, more than the 1232-byte/, 'oversized')
  const instructions = [memoInstruction('y'.repeat(1200))]
  const big = buildWireTransaction({ version: 'legacy', feePayer: randomAddress(), instructions })
  t.ok(big.length > PACKET_DATA_SIZE)
  assertInvalid(t, big, /more than the 1232-byte packet limit/, 'a kit-built transaction over the limit')
  for (let i = 0; i < 200; i++) {
    const bytes = randomBytes(1 + (i % 300))
    const error = decodeError(bytes)
    if (error !== undefined) t.ok(isServiceError(error, 'invalid_transaction'), 'random bytes')
  }
})

t.test('every truncation and any trailing byte of every fixture', async (t) => {
  for (const { name, bytes } of fixtures) {
    let allInvalid = true
    for (let length = 0; length < bytes.length; length++) {
      const error = decodeError(bytes.subarray(0, length))
      if (!isServiceError(error, 'invalid_transaction')) {
        allInvalid = false
        t.fail(`${name} cut to ${length} bytes: ${String(error)}`)
        break
      }
    }
    t.ok(allInvalid, `${name}: all ${bytes.length} truncations are invalid_transaction`)
    const longer = new Uint8Array(bytes.length + 1)
    longer.set(bytes)
    assertInvalid(t, longer, /1 trailing bytes/, `${name} + 1 byte`)
  }
})

t.test('random mutations throw nothing but invalid_transaction, and what passes kit agrees on', async (t) => {
  const kitTransaction = getTransactionDecoder()
  const kitMessage = getCompiledTransactionMessageDecoder()
  let rejected = 0
  let accepted = 0
  for (const { bytes } of fixtures) {
    for (let round = 0; round < 1500; round++) {
      const mutated = bytes.slice()
      const edits = 1 + (round % 4)
      for (let e = 0; e < edits; e++) {
        mutated[Math.floor(Math.random() * mutated.length)] = Math.floor(Math.random() * 256)
      }
      // Mutations inside the message header or lengths are the interesting ones: aim half of them there.
      if (round % 2 === 0) mutated[65 + Math.floor(Math.random() * 8)] = Math.floor(Math.random() * 256)
      let decoded
      try {
        decoded = decodeWireTransaction(mutated)
      } catch (error) {
        if (!isServiceError(error, 'invalid_transaction')) {
          t.fail(`non-ServiceError for mutation ${Buffer.from(mutated).toString('base64')}: ${String(error)}`)
          return
        }
        rejected++
        continue
      }
      accepted++
      const kit = kitMessage.decode(kitTransaction.decode(mutated).messageBytes)
      if (kit.version !== decoded.version || kit.instructions.length !== decoded.instructions.length) {
        t.fail(`kit disagrees on ${Buffer.from(mutated).toString('base64')}`)
        return
      }
    }
  }
  t.ok(rejected > 0 && accepted > 0, `${rejected} rejected, ${accepted} accepted (mutated data bytes)`)
})

t.test('compact-u16 lengths', async (t) => {
  const good = raw(() => {})
  // signature count 1 written as 0x81 0x00: an alias of the one-byte form.
  const alias = new Uint8Array([0x81, 0x00, ...good.subarray(1)])
  assertInvalid(t, alias, /non-canonical compact-u16 signature length/, 'two-byte alias')
  const alias3 = new Uint8Array([0x81, 0x80, 0x00, ...good.subarray(1)])
  assertInvalid(t, alias3, /non-canonical compact-u16 signature length/, 'three-byte alias')
  assertInvalid(t, new Uint8Array([0xff, 0xff, 0x04, ...good.subarray(1)]), /overflows 16 bits/, 'more than 16 bits')
  assertInvalid(t, new Uint8Array([0xff, 0xff, 0x83, 0x01]), /overflows 16 bits/, 'a fourth byte')
  assertInvalid(t, new Uint8Array([0x80]), /truncated: signature length/, 'cut mid-length')
  assertInvalid(t, new Uint8Array([0xff, 0xff, 0x03]), /truncated: 65535 signatures/, 'the largest count, no data')
  const noInstructions = raw((tx) => {
    delete tx.versionPrefix
    delete tx.lookups
    tx.instructions = []
  })
  const forged = new Uint8Array([...noInstructions.subarray(0, noInstructions.length - 1), 0xff, 0xff, 0x03])
  assertInvalid(t, forged, /truncated: 65535 instructions cannot fit in 0 bytes/, 'a forged instruction count')
})

t.test('versions', async (t) => {
  assertInvalid(
    t,
    raw((tx) => (tx.versionPrefix = 0x81)),
    /unsupported transaction version 1$/,
    'v1',
  )
  assertInvalid(
    t,
    raw((tx) => (tx.versionPrefix = 0xff)),
    /unsupported transaction version 127$/,
    'v127',
  )
  const legacy = raw((tx) => {
    delete tx.versionPrefix
    delete tx.lookups
    tx.instructions[0]!.accountIndexes = [0, 1]
  })
  t.equal(decodeWireTransaction(legacy).version, 'legacy')
  t.same(decodeWireTransaction(legacy).lookups, [])
})

t.test('signatures and header (Agave sanitize)', async (t) => {
  assertInvalid(
    t,
    raw((tx) => (tx.signatureCount = 2)),
    /2 signatures but its message requires 1/,
    'more signatures than required',
  )
  assertInvalid(
    t,
    raw((tx) => {
      tx.signatureCount = 1
      tx.header = [2, 0, 1]
    }),
    /1 signatures but its message requires 2/,
    'fewer signatures than required',
  )
  assertInvalid(
    t,
    raw((tx) => {
      tx.signatureCount = 0
      tx.header = [0, 0, 1]
    }),
    /requires no signature/,
    'no signer',
  )
  assertInvalid(
    t,
    raw((tx) => (tx.header = [1, 1, 1])),
    /1 of 1 signers are read-only: the fee payer must be writable/,
    'read-only fee payer',
  )
  assertInvalid(
    t,
    raw((tx) => (tx.header = [1, 0, 3])),
    /1 signers and 3 read-only unsigned accounts but the message has 3 account keys/,
    'read-only count beyond the keys',
  )
  assertInvalid(
    t,
    raw((tx) => {
      tx.signatureCount = 4
      tx.header = [4, 0, 0]
    }),
    /4 signers and 0 read-only unsigned accounts but the message has 3/,
    'more signers than keys',
  )
})

t.test('instructions and keys (Agave sanitize)', async (t) => {
  assertInvalid(
    t,
    raw((tx) => (tx.instructions[0]!.programIdIndex = 0)),
    /instruction 0: the fee payer \(index 0\) cannot be a program/,
    'payer as program',
  )
  assertInvalid(
    t,
    raw((tx) => (tx.instructions[0]!.programIdIndex = 3)),
    /program index 3 is not one of the 3 static keys/,
    'program from a lookup table',
  )
  assertInvalid(
    t,
    raw((tx) => tx.instructions.push({ programIdIndex: 2, accountIndexes: [0, 5], data: [] })),
    /instruction 1: account index 5 is out of range \(5 account keys\)/,
    'account index beyond the loaded keys',
  )
  const legacyOut = raw((tx) => {
    delete tx.versionPrefix
    delete tx.lookups
    tx.instructions[0]!.accountIndexes = [0, 3]
  })
  assertInvalid(t, legacyOut, /account index 3 is out of range \(3 account keys\)/, 'legacy account index beyond the keys')
  assertInvalid(
    t,
    raw((tx) => (tx.keys[2] = testKey(1))),
    /account key 2 appears twice/,
    'duplicate static key',
  )
  assertInvalid(
    t,
    raw((tx) => tx.lookups!.push({ tableKey: testKey(10), writableIndexes: [], readonlyIndexes: [] })),
    /address table lookup 1 loads no account/,
    'empty lookup',
  )
  assertInvalid(
    t,
    raw((tx) => (tx.lookups![0]!.readonlyIndexes = Array.from({ length: 254 }, (_, i) => i))),
    /addresses 258 accounts, more than 256/,
    'more than 256 accounts',
  )
  // Keys that share their first four bytes but differ later are not duplicates.
  const nearTwins = raw((tx) => {
    tx.keys[1] = testKey(1).slice()
    tx.keys[1]![20] = 99
  })
  t.equal(decodeWireTransaction(nearTwins).staticKeyCount, 3, 'near-identical keys are distinct')
})

t.test('a kit-built transaction loses any byte of its end: truncated, never a crash', async (t) => {
  const payer = randomAddress()
  const instructions = [transferInstruction(payer, randomAddress(), 1n)]
  const bytes = buildWireTransaction({ version: 0, feePayer: payer, instructions })
  assertInvalid(t, bytes.subarray(0, bytes.length - 1), /truncated/, 'one byte short')
})
