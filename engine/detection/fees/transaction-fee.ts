/**
 * The fee the runtime debits from the fee payer, computed from the decoded transaction alone:
 * 5,000 lamports per signature (transaction signatures plus those the Ed25519, secp256k1 and
 * secp256r1 precompile instructions verify) plus the priority fee,
 * ceil(compute-unit price × compute-unit limit / 1,000,000).
 *
 * This is Agave's fee model as LiteSVM 1.5.0 (Agave 4.3) charges it and as mainnet charged the
 * fixtures of Oct 2025. SIMD-0553 (a flat inclusion fee plus a resource fee) exists behind
 * feature gates in newer Agave; when it activates on mainnet this module must follow.
 */
import { getComputeBudget, type ComputeBudget } from '../../hot-path/decode/compute-budget.js'
import { isKeyAt, toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import type { WireTransaction } from '../../hot-path/decode/wire-transaction.js'

export const LAMPORTS_PER_SIGNATURE = 5_000n
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n
const U64_MAX = 0xffff_ffff_ffff_ffffn

/** Precompiles whose first data byte counts the signatures they verify (each one billed). */
const PRECOMPILE_PROGRAM_IDS: readonly Uint8Array[] = [
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
].map(toKeyBytes)

const maybePrecompile = new Uint8Array(256)
for (const id of PRECOMPILE_PROGRAM_IDS) maybePrecompile[id[0]!] = 1

export interface TransactionFee {
  /** Signatures billed: the transaction's own plus those verified by precompiles. */
  signatureCount: number
  baseFeeLamports: bigint
  priorityFeeLamports: bigint
  feeLamports: bigint
  computeUnitLimit: number
  computeUnitPriceMicroLamports: bigint
}

/** The priority fee in lamports: ceil(price × limit / 1,000,000), saturating at u64::MAX as Agave does. */
export function getPriorityFeeLamports(unitPriceMicroLamports: bigint, unitLimit: number): bigint {
  if (unitPriceMicroLamports === 0n) return 0n
  const microLamports = unitPriceMicroLamports * BigInt(unitLimit)
  const fee = (microLamports + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT
  return fee > U64_MAX ? U64_MAX : fee
}

/** Signatures verified by precompile instructions (program ids are always static keys). */
export function getPrecompileSignatureCount(tx: WireTransaction): number {
  const bytes = tx.bytes
  let count = 0
  for (const ix of tx.instructions) {
    const at = tx.staticKeysOffset + 32 * ix.programIdIndex
    if (maybePrecompile[bytes[at]!] === 0) continue
    for (const id of PRECOMPILE_PROGRAM_IDS) {
      if (isKeyAt(id, bytes, at)) {
        count += ix.data[0] ?? 0
        break
      }
    }
  }
  return count
}

/**
 * The fee of a decoded transaction. Lookup tables play no part: program ids, precompiles
 * included, can only be static keys. When `budget.error` is set the runtime rejects the
 * transaction before charging anything; the figure is then what it would cost once fixed.
 */
export function getTransactionFee(tx: WireTransaction, budget: ComputeBudget = getComputeBudget(tx)): TransactionFee {
  const signatureCount = tx.numRequiredSignatures + getPrecompileSignatureCount(tx)
  const baseFeeLamports = BigInt(signatureCount) * LAMPORTS_PER_SIGNATURE
  const priorityFeeLamports = getPriorityFeeLamports(budget.unitPriceMicroLamports, budget.computeUnitLimit)
  const total = baseFeeLamports + priorityFeeLamports
  return {
    signatureCount,
    baseFeeLamports,
    priorityFeeLamports,
    feeLamports: total > U64_MAX ? U64_MAX : total,
    computeUnitLimit: budget.computeUnitLimit,
    computeUnitPriceMicroLamports: budget.unitPriceMicroLamports,
  }
}
