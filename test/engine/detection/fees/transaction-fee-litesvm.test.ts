/**
 * The fee we compute equals what LiteSVM 1.5.0 (Agave 4.3's fee and compute-budget rules) really
 * debits from the fee payer: balance before − balance after − lamports transferred away.
 */
import t from 'tap'
import type { Address, Instruction } from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getComputeBudget } from '../../../../engine/hot-path/decode/compute-budget.js'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { getTransactionFee } from '../../../../engine/detection/fees/transaction-fee.js'
import {
  buildWireTransaction,
  memoInstruction,
  randomAddress,
  toAddressBytes,
  transferInstruction,
} from '../../hot-path/decode/kit-transactions.js'
import { createNativeSvm, sendWire, type NativeSvm } from '../../hot-path/decode/lookup-table-data.js'
import { readMainnetFixtures } from '../../hot-path/decode/mainnet-fixtures.js'

const svm = createNativeSvm()

interface Measured {
  debitedLamports: bigint
  error: unknown
}

/** Sends `bytes` and returns what left the fee payer beyond `transferredLamports`. */
function measure(svm: NativeSvm, payer: Address, bytes: Uint8Array, transferredLamports: bigint): Measured {
  const before = svm.getBalance(toAddressBytes(payer)) ?? 0n
  const error = sendWire(svm, bytes)
  const after = svm.getBalance(toAddressBytes(payer)) ?? 0n
  return { debitedLamports: before - after - (error === undefined ? transferredLamports : 0n), error }
}

interface Case {
  name: string
  version: 'legacy' | 0
  instructions: (payer: Address) => Instruction[]
  transferredLamports: bigint
  expectedFeeLamports: bigint
  expectedLimit: number
  fails?: boolean
}

const SOL = 1_000_000_000n
const price = (microLamports: bigint) => getSetComputeUnitPriceInstruction({ microLamports })
const limit = (units: number) => getSetComputeUnitLimitInstruction({ units })
const to = randomAddress()

const cases: Case[] = [
  {
    name: 'no ComputeBudget instruction: the signature fee only',
    version: 'legacy',
    instructions: (p) => [transferInstruction(p, to, SOL)],
    transferredLamports: SOL,
    expectedFeeLamports: 5_000n,
    expectedLimit: 3_000,
  },
  {
    name: 'price 12,345 and limit 10,000: ceil(123.45) = 124',
    version: 'legacy',
    instructions: (p) => [limit(10_000), price(12_345n), transferInstruction(p, to, SOL)],
    transferredLamports: SOL,
    expectedFeeLamports: 5_124n,
    expectedLimit: 10_000,
  },
  {
    name: 'price without limit, one transfer: 2 builtin instructions × 3,000',
    version: 0,
    instructions: (p) => [price(12_345n), transferInstruction(p, to, SOL)],
    transferredLamports: SOL,
    expectedFeeLamports: 5_075n, // ceil(12,345 × 6,000 / 10⁶) = ceil(74.07)
    expectedLimit: 6_000,
  },
  {
    name: 'price without limit, two transfers: 3 builtin instructions × 3,000',
    version: 'legacy',
    instructions: (p) => [price(12_345n), transferInstruction(p, to, SOL), transferInstruction(p, to, SOL)],
    transferredLamports: 2n * SOL,
    expectedFeeLamports: 5_112n, // ceil(111.105)
    expectedLimit: 9_000,
  },
  {
    name: 'price without limit, an sBPF program: 200,000 for it',
    version: 0,
    instructions: (p) => [price(1_000_000n), transferInstruction(p, to, SOL), memoInstruction('gm')],
    transferredLamports: SOL,
    expectedFeeLamports: 5_000n + 206_000n,
    expectedLimit: 206_000,
  },
  {
    name: 'a limit above 1,400,000 is charged at 1,400,000',
    version: 0,
    instructions: (p) => [limit(2_000_000), price(1_000n), transferInstruction(p, to, SOL)],
    transferredLamports: SOL,
    expectedFeeLamports: 5_000n + 1_400n,
    expectedLimit: 1_400_000,
  },
  {
    name: 'two signers pay two signature fees',
    version: 0,
    instructions: (p) => [transferInstruction(p, to, SOL), memoInstruction('co-signed', [randomAddress()])],
    transferredLamports: SOL,
    expectedFeeLamports: 10_000n,
    expectedLimit: 203_000,
  },
  {
    name: 'signatures an Ed25519 precompile instruction claims are billed, even when it fails',
    version: 0,
    instructions: () => [{ programAddress: 'Ed25519SigVerify111111111111111111111111111' as Address, data: new Uint8Array([2, 0]) }],
    transferredLamports: 0n,
    expectedFeeLamports: 15_000n,
    expectedLimit: 3_000,
    fails: true,
  },
  {
    name: 'secp256k1 and secp256r1 precompile signatures too',
    version: 0,
    instructions: () => [
      { programAddress: 'KeccakSecp256k11111111111111111111111111111' as Address, data: new Uint8Array([1]) },
      { programAddress: 'Secp256r1SigVerify1111111111111111111111111' as Address, data: new Uint8Array([3, 0]) },
      price(1_000_000n),
    ],
    transferredLamports: 0n,
    expectedFeeLamports: 25_000n + 206_000n, // 1 + 1 + 3 signatures; 3,000 + 200,000 + 3,000 CU
    expectedLimit: 206_000,
    fails: true,
  },
]

t.test('our fee equals the debit LiteSVM makes', async (t) => {
  for (const c of cases) {
    await t.test(c.name, async (t) => {
      const payer = randomAddress()
      svm.airdrop(toAddressBytes(payer), 10n * SOL)
      const bytes = buildWireTransaction({ version: c.version, feePayer: payer, instructions: c.instructions(payer) })
      const fee = getTransactionFee(decodeWireTransaction(bytes))
      const measured = measure(svm, payer, bytes, c.transferredLamports)
      t.equal(measured.error !== undefined, c.fails === true, c.fails ? 'the transaction fails' : 'the transaction succeeds')
      t.equal(measured.debitedLamports, c.expectedFeeLamports, 'LiteSVM debit as documented')
      t.equal(fee.feeLamports, measured.debitedLamports, 'our fee = LiteSVM debit')
      t.equal(fee.baseFeeLamports + fee.priorityFeeLamports, fee.feeLamports)
      t.equal(fee.computeUnitLimit, c.expectedLimit)
    })
  }
})

t.test('an invalid ComputeBudget instruction: flagged, and LiteSVM charges nothing', async (t) => {
  const payer = randomAddress()
  svm.airdrop(toAddressBytes(payer), 10n * SOL)
  const bytes = buildWireTransaction({
    version: 0,
    feePayer: payer,
    instructions: [limit(10_000), limit(20_000), price(1_000n), transferInstruction(payer, to, SOL)],
  })
  const budget = getComputeBudget(decodeWireTransaction(bytes))
  t.match(budget.error, /duplicate/)
  const measured = measure(svm, payer, bytes, 0n)
  t.not(measured.error, undefined)
  t.equal(measured.debitedLamports, 0n)
})

t.test('mainnet JSON4 replayed in LiteSVM: our fee = LiteSVM debit = meta.fee', async (t) => {
  const fixture = readMainnetFixtures().find((f) => f.name.startsWith('JSON4'))!
  const json = fixture.result as typeof fixture.result & { meta: { preBalances: number[]; postBalances: number[] } }
  const keys = json.transaction.message.accountKeys as Address[]
  const replay = createNativeSvm()
  // Its state before is just the two system wallets (test/fixtures/PROVENANCE.md).
  replay.airdrop(toAddressBytes(keys[0]!), BigInt(json.meta.preBalances[0]!))
  replay.airdrop(toAddressBytes(keys[1]!), BigInt(json.meta.preBalances[1]!))
  const transferred = BigInt(json.meta.postBalances[1]! - json.meta.preBalances[1]!)
  const measured = measure(replay, keys[0]!, fixture.bytes, transferred)
  t.equal(measured.error, undefined, 'the recorded transaction runs')
  t.equal(replay.getBalance(toAddressBytes(keys[0]!)), BigInt(json.meta.postBalances[0]!), 'payer balance after, as recorded')
  const fee = getTransactionFee(decodeWireTransaction(fixture.bytes))
  t.equal(measured.debitedLamports, BigInt(json.meta.fee))
  t.equal(fee.feeLamports, BigInt(json.meta.fee))
  t.equal(fee.feeLamports, 5_730n)
})
