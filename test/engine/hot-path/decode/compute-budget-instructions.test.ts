import t from 'tap'
import type { Address, Instruction } from '@solana/kit'
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  getRequestHeapFrameInstruction,
  getRequestUnitsInstruction,
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
  getSetLoadedAccountsDataSizeLimitInstruction,
} from '@solana-program/compute-budget'
import { COMPUTE_BUDGET_PROGRAM_ID, getComputeBudget } from '../../../../engine/hot-path/decode/compute-budget.js'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { buildWireTransaction, memoInstruction, randomAddress, toAddress, transferInstruction } from './kit-transactions.js'
import { readMainnetFixtures } from './mainnet-fixtures.js'

const payer = randomAddress()
const other = randomAddress()

function budgetOf(instructions: Instruction[], version: 'legacy' | 0 = 0) {
  return getComputeBudget(decodeWireTransaction(buildWireTransaction({ version, feePayer: payer, instructions })))
}

function raw(...data: number[]): Instruction {
  return { programAddress: COMPUTE_BUDGET_PROGRAM_ADDRESS, data: new Uint8Array(data) }
}

t.test('the program id constant is the ComputeBudget program', async (t) => {
  t.equal(toAddress(COMPUTE_BUDGET_PROGRAM_ID), COMPUTE_BUDGET_PROGRAM_ADDRESS)
})

t.test('reads the four instructions kit builds', async (t) => {
  const budget = budgetOf([
    getRequestHeapFrameInstruction({ bytes: 64 * 1024 }),
    getSetComputeUnitLimitInstruction({ units: 321_000 }),
    getSetComputeUnitPriceInstruction({ microLamports: 0xffff_ffff_fffn }),
    getSetLoadedAccountsDataSizeLimitInstruction({ accountDataSizeLimit: 128 * 1024 }),
    transferInstruction(payer, other, 1n),
  ])
  t.same(budget, {
    unitLimit: 321_000,
    unitPriceMicroLamports: 0xffff_ffff_fffn,
    heapBytes: 64 * 1024,
    loadedAccountsDataSizeLimit: 128 * 1024,
    computeUnitLimit: 321_000,
  })
})

t.test('mainnet fixtures', async (t) => {
  const expected: Record<string, { unitLimit: number | undefined; price: bigint; limit: number }> = {
    // SetComputeUnitLimit 150,000 + SetComputeUnitPrice 10,000
    JSON1_2cd7QQSByKy6Y6ed: { unitLimit: 150_000, price: 10_000n, limit: 150_000 },
    // No ComputeBudget instruction: three sBPF instructions × 200,000 ("consumed 19315 of 600000" in its logs)
    JSON2_5bvyp1nob51M6FCj: { unitLimit: undefined, price: 0n, limit: 600_000 },
    JSON3_2zNeSn8cJpTAW51N: { unitLimit: 332_000, price: 97_440n, limit: 332_000 },
    JSON4_2E9Ddokz6HZkn457: { unitLimit: 20_000, price: 36_461n, limit: 20_000 },
  }
  for (const fixture of readMainnetFixtures()) {
    const want = expected[fixture.name.replace('.json', '')]
    if (want === undefined) continue
    const budget = getComputeBudget(decodeWireTransaction(fixture.bytes))
    t.equal(budget.unitLimit, want.unitLimit, `${fixture.name} requested limit`)
    t.equal(budget.unitPriceMicroLamports, want.price, `${fixture.name} price`)
    t.equal(budget.computeUnitLimit, want.limit, `${fixture.name} effective limit`)
    t.equal(budget.error, undefined)
  }
})

t.test('the default limit: 3,000 per builtin instruction, 200,000 per other, capped', async (t) => {
  t.equal(budgetOf([transferInstruction(payer, other, 1n)]).computeUnitLimit, 3_000, 'one system transfer')
  t.equal(
    budgetOf([getSetComputeUnitPriceInstruction({ microLamports: 1n }), transferInstruction(payer, other, 1n)]).computeUnitLimit,
    6_000,
    'the ComputeBudget instruction counts as a builtin',
  )
  t.equal(budgetOf([memoInstruction('a'), transferInstruction(payer, other, 1n)]).computeUnitLimit, 203_000, 'memo is sBPF')
  const program = (id: string): Instruction => ({ programAddress: id as Address, data: new Uint8Array([1]) })
  const lookupTableIx = program('AddressLookupTab1e1111111111111111111111111')
  const stakeIx = program('Stake11111111111111111111111111111111111111')
  t.equal(budgetOf([lookupTableIx, stakeIx]).computeUnitLimit, 400_000, 'programs migrated to sBPF reserve 200,000')
  const precompiles = ['Ed25519SigVerify111111111111111111111111111', 'KeccakSecp256k11111111111111111111111111111'].map(
    (id): Instruction => ({ programAddress: id as Address, data: new Uint8Array([0]) }),
  )
  t.equal(budgetOf(precompiles).computeUnitLimit, 6_000, 'ed25519 and secp256k1 are builtins')
  const r1: Instruction = { programAddress: 'Secp256r1SigVerify1111111111111111111111111' as Address, data: new Uint8Array([0]) }
  t.equal(budgetOf([r1]).computeUnitLimit, 200_000, 'secp256r1 is not')
  const memos = Array.from({ length: 8 }, (_, i) => memoInstruction(String(i)))
  t.equal(budgetOf(memos).computeUnitLimit, 1_400_000, '8 × 200,000 capped at 1,400,000')
  const big = budgetOf([getSetComputeUnitLimitInstruction({ units: 2_000_000 })])
  t.equal(big.unitLimit, 2_000_000, 'the request as sent')
  t.equal(big.computeUnitLimit, 1_400_000, 'the limit applied')
  t.equal(budgetOf([getSetComputeUnitLimitInstruction({ units: 0 })]).computeUnitLimit, 0, 'a zero limit is a limit')
})

t.test('what the runtime rejects before running the transaction', async (t) => {
  const limit = getSetComputeUnitLimitInstruction({ units: 10 })
  const price = getSetComputeUnitPriceInstruction({ microLamports: 10n })
  t.match(budgetOf([limit, price, limit]).error, /instruction 2: duplicate ComputeBudget instruction/)
  t.match(budgetOf([price, price]).error, /instruction 1: duplicate/)
  t.match(budgetOf([raw(1, 0, 0, 1, 0), raw(1, 0, 0, 1, 0)]).error, /duplicate/)
  t.match(budgetOf([raw(4, 1, 0, 0, 0), raw(4, 1, 0, 0, 0)]).error, /duplicate/)
  t.match(
    budgetOf([getRequestUnitsInstruction({ units: 1, additionalFee: 1 })]).error,
    /instruction 0: invalid ComputeBudget instruction data/,
    'the deprecated RequestUnits',
  )
  t.match(budgetOf([raw()]).error, /invalid ComputeBudget instruction data/, 'no data')
  t.match(budgetOf([raw(2, 1, 0, 0)]).error, /invalid/, 'a u32 cut short')
  t.match(budgetOf([raw(3, 1, 0, 0, 0, 0, 0, 0)]).error, /invalid/, 'a u64 cut short')
  t.match(budgetOf([raw(5, 1, 0, 0, 0)]).error, /invalid/, 'unknown discriminator')
  const heap = (bytes: number) => budgetOf([getRequestHeapFrameInstruction({ bytes })]).error
  t.match(heap(33_000), /heap frame of 33000 bytes/, 'not a multiple of 1024')
  t.match(heap(16 * 1024), /heap frame/, 'below 32 KiB')
  t.match(heap(512 * 1024), /heap frame/, 'above 256 KiB')
  t.equal(heap(256 * 1024), undefined, '256 KiB is allowed')
  const loaded = getSetLoadedAccountsDataSizeLimitInstruction({ accountDataSizeLimit: 0 })
  t.match(budgetOf([loaded]).error, /loaded accounts data size limit of 0/)
  const trailing = budgetOf([raw(2, 0x10, 0x27, 0, 0, 0xff)])
  t.equal(trailing.error, undefined, 'borsh reads the prefix and ignores trailing bytes, as Agave does')
  t.equal(trailing.unitLimit, 10_000)
})
