// Short, garbled and random instructions: every decoder answers null and nothing throws.
import t from 'tap'
import { toKeyBytes } from '../../../../engine/hot-path/decode/key-bytes.js'
import { toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { SWAP_PROGRAM_LIST, decodeSwapInstruction, getSwapProgram, isSwapProgram } from '../../../../engine/detection/swaps/index.js'
import { RAYDIUM_AMM_V4_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-amm-v4-swap.js'
import { SWAP_SAMPLES } from './swap-samples.js'

const accounts: Uint8Array[] = Array.from({ length: 24 }, (_, i) => new Uint8Array(32).fill(i + 1))

t.test('every sample decodes whole', async (t) => {
  for (const sample of SWAP_SAMPLES) {
    t.ok(decodeSwapInstruction(sample.programId, sample.data, accounts, 0), sample.label)
  }
})

t.test('every strict prefix of a sample is refused', async (t) => {
  for (const sample of SWAP_SAMPLES) {
    const accepted = []
    for (let length = 0; length < sample.data.length; length++) {
      if (decodeSwapInstruction(sample.programId, sample.data.subarray(0, length), accounts, 0) !== null) accepted.push(length)
    }
    t.same(accepted, [], `${sample.label}: no prefix of ${sample.data.length} bytes decodes`)
  }
})

t.test('a changed discriminator is refused', async (t) => {
  for (const sample of SWAP_SAMPLES) {
    for (let i = 0; i < sample.discriminatorBytes; i++) {
      const flipped = new Uint8Array(sample.data)
      flipped[i] = flipped[i]! ^ 0x40
      t.equal(decodeSwapInstruction(sample.programId, flipped, accounts, 0), null, `${sample.label}: byte ${i} flipped`)
    }
  }
})

t.test('accounts from lookup tables that are not loaded: the fields are null, the amounts still decode', async (t) => {
  const sparse: Array<Uint8Array | undefined> = accounts.map((key, i) => (i % 2 === 0 ? undefined : key))
  for (const sample of SWAP_SAMPLES) {
    const swap = decodeSwapInstruction(sample.programId, sample.data, sparse, 0)
    t.ok(swap, sample.label)
    t.ok(swap!.amountIn !== null || swap!.amountOut !== null, `${sample.label}: amounts`)
    const keys = [swap!.pool, swap!.userSource, swap!.userDestination, swap!.vaultIn, swap!.vaultOut].filter((key) => key !== null)
    t.ok(
      keys.every((key) => sparse.includes(key!)),
      `${sample.label}: every account reported is one of the resolved keys`,
    )
    t.ok(decodeSwapInstruction(sample.programId, sample.data, [], 0), `${sample.label}: no accounts at all`)
  }
})

t.test('random bytes: no throw, and no swap unless the bytes really are one', async (t) => {
  // xorshift32, seeded: the same 4,000 instructions on every run.
  let state = 0x9e3779b9
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return state >>> 0
  }
  const swapTags = new Set([9, 11, 16, 17])
  let decoded = 0
  for (let i = 0; i < 4_000; i++) {
    const program = SWAP_PROGRAM_LIST[next() % SWAP_PROGRAM_LIST.length]!
    const data = new Uint8Array(next() % 300)
    for (let k = 0; k < data.length; k++) data[k] = next() & 0xff
    const randomAccounts = Array.from({ length: next() % 30 }, () => (next() % 4 === 0 ? undefined : accounts[next() % accounts.length]))
    let swap
    try {
      swap = decodeSwapInstruction(program.programId, data, randomAccounts, i)
    } catch (error) {
      t.fail(`threw on ${Buffer.from(data).toString('hex')}: ${String(error)}`)
      continue
    }
    if (swap === null) continue
    decoded++
    // Only Raydium AMM v4's one-byte tags can match by chance.
    const isAmmSwap = program.programId === RAYDIUM_AMM_V4_PROGRAM_ID && swapTags.has(data[0]!) && data.length >= 17
    t.ok(isAmmSwap, `${program.venue} decoded random bytes ${Buffer.from(data).toString('hex')}`)
  }
  t.ok(decoded < 200, `${decoded} random instructions decoded (AMM v4 tags only)`)
})

t.test('unknown programs and malformed program ids are null; the pre-check is a Map of raw keys', async (t) => {
  const sample = SWAP_SAMPLES[0]!
  const system = toKeyBytes('11111111111111111111111111111111')
  t.equal(decodeSwapInstruction(system, sample.data, accounts, 0), null)
  t.equal(decodeSwapInstruction(sample.programId.subarray(0, 31), sample.data, accounts, 0), null, '31-byte program id')
  t.equal(isSwapProgram(toAccountKey(system)), false)
  for (const program of SWAP_PROGRAM_LIST) {
    t.equal(getSwapProgram(toAccountKey(program.programId)), program, `${program.venue} found by its AccountKey`)
  }
  t.equal(SWAP_PROGRAM_LIST.length, 8)
})
