// Whirlpool swaps built with the official client's instruction builders against the real
// SOL/USDC and SAMO/USDC pools of the fixtures, decoded back by the engine.
import {
  getSwapInstruction,
  getSwapInstructionDataCodec,
  getSwapV2Instruction,
  getSwapV2InstructionDataCodec,
  getTwoHopSwapInstruction,
  getTwoHopSwapInstructionDataCodec,
  getTwoHopSwapV2Instruction,
  getTwoHopSwapV2InstructionDataCodec,
} from '@orca-so/whirlpools-client'
import { address } from '@solana/kit'
import t from 'tap'
import { decodeSwapInstruction } from '../../../../engine/detection/swaps/index.js'
import { SAMO_USDC, SOL_USDC, WALLET, WALLET_SAMO, WALLET_USDC, WALLET_WSOL, toBytes, toRawInstruction } from './orca-fixture.js'
import { toAddress } from './swap-fixtures.js'

const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const ORACLE = address('4GkRbcYg1VKsZropgai4dMf2Nj2PkXNLf43knFpavrSi') // any address: not read by the decoder

function decode(instruction: Parameters<typeof toRawInstruction>[0], index = 0) {
  const raw = toRawInstruction(instruction)
  return decodeSwapInstruction(raw.programId, raw.data, raw.accounts, index)
}

t.test('swap a→b exact in: 0.1 SOL for at least 4,000,000 USDC units', async (t) => {
  const swap = decode(
    getSwapInstruction({
      tokenAuthority: WALLET,
      whirlpool: SOL_USDC.whirlpool,
      tokenOwnerAccountA: WALLET_WSOL,
      tokenVaultA: SOL_USDC.vaultA,
      tokenOwnerAccountB: WALLET_USDC,
      tokenVaultB: SOL_USDC.vaultB,
      tickArray0: SOL_USDC.tickArraysDown[0]!,
      tickArray1: SOL_USDC.tickArraysDown[1]!,
      tickArray2: SOL_USDC.tickArraysDown[2]!,
      oracle: ORACLE,
      amount: 100_000_000n,
      otherAmountThreshold: 4_000_000n,
      sqrtPriceLimit: 4_295_048_016n,
      amountSpecifiedIsInput: true,
      aToB: true,
    }),
    2,
  )!
  t.ok(swap)
  t.equal(swap.venue, 'orca_whirlpool')
  t.equal(swap.venueName, 'Orca Whirlpool')
  t.equal(swap.instruction, 'swap')
  t.equal(swap.instructionIndex, 2)
  t.equal(swap.mode, 'exact_in')
  t.equal(swap.amountIn, 100_000_000n)
  t.equal(swap.amountOut, 4_000_000n, 'otherAmountThreshold is the minimum output')
  t.equal(toAddress(swap.pool), SOL_USDC.whirlpool)
  t.equal(toAddress(swap.userSource), WALLET_WSOL)
  t.equal(toAddress(swap.userDestination), WALLET_USDC)
  t.equal(toAddress(swap.vaultIn), SOL_USDC.vaultA)
  t.equal(toAddress(swap.vaultOut), SOL_USDC.vaultB)
  t.same(swap.poolVaults?.map(toAddress), [SOL_USDC.vaultA, SOL_USDC.vaultB])
  t.equal(swap.inputMint, null, 'swap (v1) does not name the mints')
  t.same(swap.hops, [{ venue: 'Orca Whirlpool', percent: 100 }])
  t.equal(swap.slippageBps, null)
  t.equal(swap.quotedAmount, null)
})

t.test('swap b→a exact out: exactly 1,000 SAMO for at most 50 USDC', async (t) => {
  const swap = decode(
    getSwapInstruction({
      tokenAuthority: WALLET,
      whirlpool: SAMO_USDC.whirlpool,
      tokenOwnerAccountA: WALLET_SAMO,
      tokenVaultA: SAMO_USDC.vaultA,
      tokenOwnerAccountB: WALLET_USDC,
      tokenVaultB: SAMO_USDC.vaultB,
      tickArray0: SAMO_USDC.tickArraysUp[0]!,
      tickArray1: SAMO_USDC.tickArraysUp[1]!,
      tickArray2: SAMO_USDC.tickArraysUp[2]!,
      oracle: ORACLE,
      amount: 1_000_000_000_000n,
      otherAmountThreshold: 50_000_000n,
      sqrtPriceLimit: 0n,
      amountSpecifiedIsInput: false,
      aToB: false,
    }),
  )!
  t.equal(swap.mode, 'exact_out')
  t.equal(swap.amountOut, 1_000_000_000_000n, 'amount is the exact output')
  t.equal(swap.amountIn, 50_000_000n, 'otherAmountThreshold is the maximum input')
  t.equal(toAddress(swap.userSource), WALLET_USDC, 'b→a: the user pays from the B account')
  t.equal(toAddress(swap.userDestination), WALLET_SAMO)
  t.equal(toAddress(swap.vaultIn), SAMO_USDC.vaultB)
  t.equal(toAddress(swap.vaultOut), SAMO_USDC.vaultA)
})

t.test('swapV2 names the mints; remaining-accounts info does not disturb the amounts', async (t) => {
  for (const remainingAccountsInfo of [null, { slices: [{ accountsType: 0, length: 1 }] }]) {
    const swap = decode(
      getSwapV2Instruction({
        tokenProgramA: TOKEN_PROGRAM,
        tokenProgramB: TOKEN_PROGRAM,
        memoProgram: MEMO_PROGRAM,
        tokenAuthority: WALLET,
        whirlpool: SOL_USDC.whirlpool,
        tokenMintA: SOL_USDC.mintA,
        tokenMintB: SOL_USDC.mintB,
        tokenOwnerAccountA: WALLET_WSOL,
        tokenVaultA: SOL_USDC.vaultA,
        tokenOwnerAccountB: WALLET_USDC,
        tokenVaultB: SOL_USDC.vaultB,
        tickArray0: SOL_USDC.tickArraysDown[0]!,
        tickArray1: SOL_USDC.tickArraysDown[1]!,
        tickArray2: SOL_USDC.tickArraysDown[2]!,
        oracle: ORACLE,
        amount: 5_000_000n,
        otherAmountThreshold: 130_000_000n,
        sqrtPriceLimit: 0n,
        amountSpecifiedIsInput: true,
        aToB: false,
        remainingAccountsInfo,
      }),
    )!
    t.equal(swap.instruction, 'swapV2')
    t.equal(swap.mode, 'exact_in')
    t.equal(swap.amountIn, 5_000_000n)
    t.equal(swap.amountOut, 130_000_000n)
    t.equal(toAddress(swap.inputMint), SOL_USDC.mintB, 'b→a: USDC in')
    t.equal(toAddress(swap.outputMint), SOL_USDC.mintA)
    t.equal(toAddress(swap.userSource), WALLET_USDC)
    t.equal(toAddress(swap.vaultIn), SOL_USDC.vaultB)
    t.equal(toAddress(swap.vaultOut), SOL_USDC.vaultA)
    t.equal(toAddress(swap.pool), SOL_USDC.whirlpool)
  }
})

t.test('twoHopSwap and twoHopSwapV2: SOL → USDC → SAMO', async (t) => {
  const hopTwoArrays = SAMO_USDC.tickArraysUp
  const v1 = decode(
    getTwoHopSwapInstruction({
      tokenAuthority: WALLET,
      whirlpoolOne: SOL_USDC.whirlpool,
      whirlpoolTwo: SAMO_USDC.whirlpool,
      tokenOwnerAccountOneA: WALLET_WSOL,
      tokenVaultOneA: SOL_USDC.vaultA,
      tokenOwnerAccountOneB: WALLET_USDC,
      tokenVaultOneB: SOL_USDC.vaultB,
      tokenOwnerAccountTwoA: WALLET_SAMO,
      tokenVaultTwoA: SAMO_USDC.vaultA,
      tokenOwnerAccountTwoB: WALLET_USDC,
      tokenVaultTwoB: SAMO_USDC.vaultB,
      tickArrayOne0: SOL_USDC.tickArraysDown[0]!,
      tickArrayOne1: SOL_USDC.tickArraysDown[1]!,
      tickArrayOne2: SOL_USDC.tickArraysDown[2]!,
      tickArrayTwo0: hopTwoArrays[0]!,
      tickArrayTwo1: hopTwoArrays[1]!,
      tickArrayTwo2: hopTwoArrays[2]!,
      oracleOne: ORACLE,
      oracleTwo: ORACLE,
      amount: 100_000_000n,
      otherAmountThreshold: 900_000_000_000n,
      amountSpecifiedIsInput: true,
      aToBOne: true,
      aToBTwo: false,
      sqrtPriceLimitOne: 0n,
      sqrtPriceLimitTwo: 0n,
    }),
  )!
  t.equal(v1.instruction, 'twoHopSwap')
  t.equal(v1.amountIn, 100_000_000n)
  t.equal(v1.amountOut, 900_000_000_000n)
  t.equal(toAddress(v1.userSource), WALLET_WSOL)
  t.equal(toAddress(v1.userDestination), WALLET_SAMO)
  t.equal(toAddress(v1.vaultIn), SOL_USDC.vaultA, 'pool one takes the input')
  t.equal(toAddress(v1.vaultOut), SAMO_USDC.vaultA, 'pool two pays the output')
  t.equal(toAddress(v1.pool), SOL_USDC.whirlpool)
  t.equal(v1.hops.length, 2)

  const v2 = decode(
    getTwoHopSwapV2Instruction({
      whirlpoolOne: SOL_USDC.whirlpool,
      whirlpoolTwo: SAMO_USDC.whirlpool,
      tokenMintInput: SOL_USDC.mintA,
      tokenMintIntermediate: SOL_USDC.mintB,
      tokenMintOutput: SAMO_USDC.mintA,
      tokenProgramInput: TOKEN_PROGRAM,
      tokenProgramIntermediate: TOKEN_PROGRAM,
      tokenProgramOutput: TOKEN_PROGRAM,
      tokenOwnerAccountInput: WALLET_WSOL,
      tokenVaultOneInput: SOL_USDC.vaultA,
      tokenVaultOneIntermediate: SOL_USDC.vaultB,
      tokenVaultTwoIntermediate: SAMO_USDC.vaultB,
      tokenVaultTwoOutput: SAMO_USDC.vaultA,
      tokenOwnerAccountOutput: WALLET_SAMO,
      tokenAuthority: WALLET,
      tickArrayOne0: SOL_USDC.tickArraysDown[0]!,
      tickArrayOne1: SOL_USDC.tickArraysDown[1]!,
      tickArrayOne2: SOL_USDC.tickArraysDown[2]!,
      tickArrayTwo0: hopTwoArrays[0]!,
      tickArrayTwo1: hopTwoArrays[1]!,
      tickArrayTwo2: hopTwoArrays[2]!,
      oracleOne: ORACLE,
      oracleTwo: ORACLE,
      memoProgram: MEMO_PROGRAM,
      amount: 2_000_000_000_000n,
      otherAmountThreshold: 300_000_000n,
      amountSpecifiedIsInput: false,
      aToBOne: true,
      aToBTwo: false,
      sqrtPriceLimitOne: 0n,
      sqrtPriceLimitTwo: 0n,
      remainingAccountsInfo: null,
    }),
  )!
  t.equal(v2.instruction, 'twoHopSwapV2')
  t.equal(v2.mode, 'exact_out')
  t.equal(v2.amountOut, 2_000_000_000_000n)
  t.equal(v2.amountIn, 300_000_000n)
  t.equal(toAddress(v2.inputMint), SOL_USDC.mintA)
  t.equal(toAddress(v2.outputMint), SAMO_USDC.mintA)
  t.equal(toAddress(v2.userSource), WALLET_WSOL)
  t.equal(toAddress(v2.userDestination), WALLET_SAMO)
  t.equal(toAddress(v2.vaultIn), SOL_USDC.vaultA)
  t.equal(toAddress(v2.vaultOut), SAMO_USDC.vaultA)
  t.same(v2.poolVaults?.map(toAddress), [SOL_USDC.vaultA, SOL_USDC.vaultB], "pool one's vaults in A/B order")
})

t.test("the engine's fixed-offset reads agree with the client's codecs on 400 random argument sets", async (t) => {
  // xorshift32, seeded.
  let state = 0x2545f491
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return state >>> 0
  }
  const u64 = () => (BigInt(next()) << 32n) | BigInt(next())
  const u128 = () => (u64() << 64n) | u64()
  const programId = toBytes(address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc'))
  const slices = () =>
    next() % 2 === 0 ? null : { slices: Array.from({ length: next() % 4 }, () => ({ accountsType: next() % 3, length: next() % 5 })) }
  let mismatches = 0
  for (let i = 0; i < 100; i++) {
    const single = {
      amount: u64(),
      otherAmountThreshold: u64(),
      sqrtPriceLimit: u128(),
      amountSpecifiedIsInput: next() % 2 === 0,
      aToB: next() % 2 === 0,
    }
    const twoHop = {
      amount: u64(),
      otherAmountThreshold: u64(),
      amountSpecifiedIsInput: next() % 2 === 0,
      aToBOne: next() % 2 === 0,
      aToBTwo: next() % 2 === 0,
      sqrtPriceLimitOne: u128(),
      sqrtPriceLimitTwo: u128(),
    }
    const cases = [
      { codec: getSwapInstructionDataCodec(), args: single },
      { codec: getSwapV2InstructionDataCodec(), args: { ...single, remainingAccountsInfo: slices() } },
      { codec: getTwoHopSwapInstructionDataCodec(), args: twoHop },
      { codec: getTwoHopSwapV2InstructionDataCodec(), args: { ...twoHop, remainingAccountsInfo: slices() } },
    ] as const
    for (const { codec, args } of cases) {
      const data = new Uint8Array((codec.encode as (value: typeof args) => Uint8Array)(args))
      const official = (
        codec.decode as (bytes: Uint8Array) => { amount: bigint; otherAmountThreshold: bigint; amountSpecifiedIsInput: boolean }
      )(data)
      const swap = decodeSwapInstruction(programId, data, [], 0)
      const isExactIn = official.amountSpecifiedIsInput
      const expected = {
        mode: isExactIn ? 'exact_in' : 'exact_out',
        amountIn: isExactIn ? official.amount : official.otherAmountThreshold,
        amountOut: isExactIn ? official.otherAmountThreshold : official.amount,
      }
      if (swap === null || swap.mode !== expected.mode || swap.amountIn !== expected.amountIn || swap.amountOut !== expected.amountOut) {
        mismatches++
        t.fail(`mismatch on ${Buffer.from(data).toString('hex')}`)
      }
    }
  }
  t.equal(mismatches, 0)
})

t.test('other Whirlpool instructions and garbage are not swaps', async (t) => {
  const programId = toBytes(address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc'))
  const raw = toRawInstruction(
    getSwapInstruction({
      tokenAuthority: WALLET,
      whirlpool: SOL_USDC.whirlpool,
      tokenOwnerAccountA: WALLET_WSOL,
      tokenVaultA: SOL_USDC.vaultA,
      tokenOwnerAccountB: WALLET_USDC,
      tokenVaultB: SOL_USDC.vaultB,
      tickArray0: SOL_USDC.tickArraysDown[0]!,
      tickArray1: SOL_USDC.tickArraysDown[1]!,
      tickArray2: SOL_USDC.tickArraysDown[2]!,
      oracle: ORACLE,
      amount: 1n,
      otherAmountThreshold: 0n,
      sqrtPriceLimit: 0n,
      amountSpecifiedIsInput: true,
      aToB: true,
    }),
  )
  for (let length = 0; length < raw.data.length; length++) {
    t.equal(decodeSwapInstruction(programId, raw.data.subarray(0, length), raw.accounts, 0), null, `cut to ${length} bytes`)
  }
  const swapped = new Uint8Array(raw.data)
  swapped[0] = swapped[0]! ^ 1
  t.equal(decodeSwapInstruction(programId, swapped, raw.accounts, 0), null, 'another discriminator')
  t.ok(decodeSwapInstruction(programId, raw.data, [], 0), 'no accounts: still decodes the amounts')
  t.equal(decodeSwapInstruction(programId, raw.data, [], 0)!.userSource, null)
})
