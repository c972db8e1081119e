/**
 * The compute budget a transaction asks for, read from its ComputeBudget111… instructions with
 * Agave's rules (compute-budget-instruction 4.x, the version LiteSVM 1.5.0 embeds): one
 * instruction of each kind, borsh little-endian payloads (trailing bytes ignored), and, without
 * SetComputeUnitLimit, a default of 3,000 CU per instruction of a builtin program and 200,000
 * per other instruction (SIMD-0170), capped at 1,400,000.
 */
import { isKeyAt, toKeyBytes } from './key-bytes.js'
import { readU32, readU64 } from './little-endian.js'
import type { WireTransaction } from './wire-transaction.js'

export const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000
/** SIMD-0170: the reservation for an instruction of a builtin (not sBPF) program. */
export const MAX_BUILTIN_ALLOCATION_COMPUTE_UNIT_LIMIT = 3_000
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000
export const MIN_HEAP_FRAME_BYTES = 32 * 1024
export const MAX_HEAP_FRAME_BYTES = 256 * 1024
/** Requests for a larger loaded-accounts data size are capped at this (64 MiB). */
export const MAX_LOADED_ACCOUNTS_DATA_SIZE_BYTES = 64 * 1024 * 1024

export const COMPUTE_BUDGET_PROGRAM_ID = toKeyBytes('ComputeBudget111111111111111111111111111111')

/**
 * Agave's NON_MIGRATING_BUILTINS_COSTS (builtins-default-costs 4.x). Stake, Config and the
 * address lookup table program left this list when they moved to sBPF: they now reserve 200,000.
 * The secp256r1 precompile was never on it.
 */
const BUILTIN_PROGRAM_IDS: readonly Uint8Array[] = [
  'Vote111111111111111111111111111111111111111',
  '11111111111111111111111111111111',
  'ComputeBudget111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
].map(toKeyBytes)

const COMPUTE_BUDGET_INDEX = 2 // its place in BUILTIN_PROGRAM_IDS

// First-byte filter, as Agave's MAYBE_BUILTIN_KEY: most program ids are rejected on one read.
const maybeBuiltin = new Uint8Array(256)
for (const id of BUILTIN_PROGRAM_IDS) maybeBuiltin[id[0]!] = 1

/** Which of Agave's builtin programs the key at `bytes[offset]` is (index in the list), or -1. */
function findBuiltinProgram(bytes: Uint8Array, offset: number): number {
  if (maybeBuiltin[bytes[offset]!] === 0) return -1
  for (let i = 0; i < BUILTIN_PROGRAM_IDS.length; i++) if (isKeyAt(BUILTIN_PROGRAM_IDS[i]!, bytes, offset)) return i
  return -1
}

/** Whether the key at `bytes[offset]` is one of Agave's builtin programs (3,000 CU reserved). */
export function isBuiltinProgramKeyAt(bytes: Uint8Array, offset: number): boolean {
  return findBuiltinProgram(bytes, offset) >= 0
}

// Per-call memo of findBuiltinProgram by program index (transactions call the same program
// repeatedly: two ComputeBudget instructions, several token ones). A generation stamp instead of
// clearing keeps it allocation-free.
const classifiedIn = new Uint32Array(256)
const builtinOf = new Int8Array(256)
let generation = 0

export interface ComputeBudget {
  /** SetComputeUnitLimit as requested (not yet capped), or undefined when absent. */
  unitLimit: number | undefined
  /** SetComputeUnitPrice, 0 when absent. */
  unitPriceMicroLamports: bigint
  heapBytes?: number
  loadedAccountsDataSizeLimit?: number
  /** The limit the runtime applies: the request or the default rule, capped at 1,400,000. */
  computeUnitLimit: number
  /**
   * Why the runtime rejects the transaction before running it (duplicate or malformed
   * ComputeBudget instruction, heap size or data-size limit out of range), or undefined.
   */
  error?: string
}

/** Reads the compute budget of a decoded transaction. Never throws. */
export function getComputeBudget(tx: WireTransaction): ComputeBudget {
  const bytes = tx.bytes
  const keysOffset = tx.staticKeysOffset
  generation = (generation + 1) >>> 0 || 1
  let unitLimit: number | undefined
  let unitPrice: bigint | undefined
  let heapBytes: number | undefined
  let loadedLimit: number | undefined
  let error: string | undefined
  let builtinCount = 0
  let otherCount = 0

  const instructions = tx.instructions
  for (let i = 0; i < instructions.length; i++) {
    const ix = instructions[i]!
    const programIndex = ix.programIdIndex
    if (classifiedIn[programIndex] !== generation) {
      classifiedIn[programIndex] = generation
      builtinOf[programIndex] = findBuiltinProgram(bytes, keysOffset + 32 * programIndex)
    }
    const builtin = builtinOf[programIndex]!
    if (builtin >= 0) builtinCount++
    else otherCount++
    if (builtin !== COMPUTE_BUDGET_INDEX || error !== undefined) continue

    const data = ix.data
    const kind = data[0]
    const duplicate = `instruction ${i}: duplicate ComputeBudget instruction`
    if (kind === 1 && data.length >= 5) {
      if (heapBytes !== undefined) error = duplicate
      else heapBytes = readU32(data, 1)
    } else if (kind === 2 && data.length >= 5) {
      if (unitLimit !== undefined) error = duplicate
      else unitLimit = readU32(data, 1)
    } else if (kind === 3 && data.length >= 9) {
      if (unitPrice !== undefined) error = duplicate
      else unitPrice = readU64(data, 1)
    } else if (kind === 4 && data.length >= 5) {
      if (loadedLimit !== undefined) error = duplicate
      else loadedLimit = readU32(data, 1)
    } else {
      error = `instruction ${i}: invalid ComputeBudget instruction data`
    }
  }

  if (error === undefined && heapBytes !== undefined) {
    if (heapBytes < MIN_HEAP_FRAME_BYTES || heapBytes > MAX_HEAP_FRAME_BYTES || heapBytes % 1024 !== 0) {
      error = `requested heap frame of ${heapBytes} bytes is not a multiple of 1024 between 32 KiB and 256 KiB`
    }
  }
  if (error === undefined && loadedLimit === 0) error = 'loaded accounts data size limit of 0 is invalid'

  const requested =
    unitLimit ?? builtinCount * MAX_BUILTIN_ALLOCATION_COMPUTE_UNIT_LIMIT + otherCount * DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT
  const budget: ComputeBudget = {
    unitLimit,
    unitPriceMicroLamports: unitPrice ?? 0n,
    computeUnitLimit: Math.min(requested, MAX_COMPUTE_UNIT_LIMIT),
  }
  if (heapBytes !== undefined) budget.heapBytes = heapBytes
  if (loadedLimit !== undefined) budget.loadedAccountsDataSizeLimit = loadedLimit
  if (error !== undefined) budget.error = error
  return budget
}
