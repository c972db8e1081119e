/**
 * The fee a landed transaction paid (the geyser stream's and getTransaction's `meta.fee`): 5,000
 * lamports a signature plus the priority fee, compute-unit price × compute-unit limit rounded up.
 * The limit is SetComputeUnitLimit, or Agave's default (3,000 per builtin-program instruction,
 * 200,000 per other, at most 1,400,000), the rule LiteSVM charges by.
 */
import type { LandedMessage } from './landed-message.js'

const LAMPORTS_PER_SIGNATURE = 5_000n
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const SET_COMPUTE_UNIT_LIMIT = 2
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000
const BUILTIN_PROGRAMS = new Set<string>([
  'Vote111111111111111111111111111111111111111',
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
])

function getComputeUnitLimit(message: LandedMessage): number {
  let requested: number | undefined
  let reserved = 0
  for (const ix of message.instructions) {
    const program = message.staticKeys[ix.programIdIndex]
    if (program === COMPUTE_BUDGET_PROGRAM && ix.data[0] === SET_COMPUTE_UNIT_LIMIT && ix.data.length >= 5) {
      requested = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength).getUint32(1, true)
    }
    reserved += program !== undefined && BUILTIN_PROGRAMS.has(program) ? 3_000 : 200_000
  }
  return Math.min(requested ?? reserved, MAX_COMPUTE_UNIT_LIMIT)
}

/** The lamports a landed transaction was charged. */
export function getTransactionFeeLamports(message: LandedMessage, priceMicroLamports: bigint): bigint {
  const priority = (priceMicroLamports * BigInt(getComputeUnitLimit(message)) + 999_999n) / 1_000_000n
  return BigInt(message.numRequiredSignatures) * LAMPORTS_PER_SIGNATURE + priority
}
