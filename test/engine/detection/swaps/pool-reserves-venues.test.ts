// Pool reserves for the venues without recorded pool state: token accounts written with the SPL
// Token program's own codec (@solana-program/token), Raydium CLMM's PoolState and pump.fun's
// BondingCurve written field by field with kit codecs from their published layouts.
import { createHash } from 'node:crypto'
import { getTokenEncoder } from '@solana-program/token'
import {
  type Address,
  fixEncoderSize,
  getAddressDecoder,
  getAddressEncoder,
  getBooleanEncoder,
  getBytesEncoder,
  getI32Encoder,
  getStructEncoder,
  getU128Encoder,
  getU16Encoder,
  getU64Encoder,
  getU8Encoder,
} from '@solana/kit'
import t from 'tap'
import { toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { decodeSwapInstruction, getPoolReserves, getSwapVaults } from '../../../../engine/detection/swaps/index.js'
import { SWAP_SAMPLES } from './swap-samples.js'

const addressDecoder = getAddressDecoder()
const key = (fill: number) => new Uint8Array(32).fill(fill)
const toAddressOf = (bytes: Uint8Array): Address => addressDecoder.decode(bytes)
const accountDiscriminator = (name: string) => new Uint8Array(createHash('sha256').update(`account:${name}`).digest().subarray(0, 8))

function tokenAccount(mint: Uint8Array, amount: bigint): Uint8Array {
  return new Uint8Array(
    getTokenEncoder().encode({
      mint: toAddressOf(mint),
      owner: toAddressOf(key(250)),
      amount,
      delegate: null,
      state: 1,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
  )
}

/** An account reader over `accounts` (key fill byte → data). */
function reader(accounts: Map<Uint8Array, Uint8Array>) {
  const byKey = new Map([...accounts].map(([k, data]) => [toAccountKey(k), data]))
  return (k: Uint8Array) => byKey.get(toAccountKey(k))
}

const MINT_X = key(201)
const MINT_Y = key(202)

t.test('Raydium AMM v4: the side is the one whose vault mint is the source mint', async (t) => {
  // 18 accounts: coin vault 5, pc vault 6, user source 15, user destination 16.
  const accounts = Array.from({ length: 18 }, (_, i) => key(i + 1))
  const data = new Uint8Array([9, ...getU64Encoder().encode(1_000n), ...getU64Encoder().encode(1n)])
  const swap = decodeSwapInstruction(
    new Uint8Array(getAddressEncoder().encode('675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8' as Address)),
    data,
    accounts,
    0,
  )!
  const state = new Map([
    [accounts[5]!, tokenAccount(MINT_X, 7_000_000n)], // coin
    [accounts[6]!, tokenAccount(MINT_Y, 90_000n)], // pc
    [accounts[15]!, tokenAccount(MINT_Y, 5_000n)], // the user pays pc
    [accounts[16]!, tokenAccount(MINT_X, 0n)],
  ])
  t.same(getPoolReserves(swap, reader(state)), { inputReserve: 90_000n, outputReserve: 7_000_000n, activeLiquidity: null })
  t.equal(getSwapVaults(swap, reader(state))?.vaultIn, accounts[6])

  const sourceUnknown = new Map(state)
  sourceUnknown.delete(accounts[15]!)
  t.same(
    getPoolReserves(swap, reader(sourceUnknown)),
    { inputReserve: 90_000n, outputReserve: 7_000_000n, activeLiquidity: null },
    'the destination mint decides when the source is not loaded',
  )
  const foreign = new Map(state)
  foreign.set(accounts[15]!, tokenAccount(key(203), 1n))
  t.equal(getPoolReserves(swap, reader(foreign)), null, 'a source mint neither vault holds: no answer')
  const short = new Map(state)
  short.set(accounts[5]!, tokenAccount(MINT_X, 1n).subarray(0, 70))
  t.equal(getPoolReserves(swap, reader(short)), null, 'a vault too short to hold an amount')
})

t.test('Meteora DLMM: reserve_x / reserve_y by the source mint', async (t) => {
  const sample = SWAP_SAMPLES.find((candidate) => candidate.label === 'meteora swap')!
  const accounts = Array.from({ length: 15 }, (_, i) => key(i + 1))
  const swap = decodeSwapInstruction(sample.programId, sample.data, accounts, 0)!
  const state = new Map([
    [accounts[2]!, tokenAccount(MINT_X, 400n)],
    [accounts[3]!, tokenAccount(MINT_Y, 300n)],
    [accounts[4]!, tokenAccount(MINT_X, 10n)],
  ])
  t.same(getPoolReserves(swap, reader(state)), { inputReserve: 400n, outputReserve: 300n, activeLiquidity: null })
})

t.test('Raydium CLMM: vault balances and the PoolState liquidity', async (t) => {
  const sample = SWAP_SAMPLES.find((candidate) => candidate.label === 'raydium clmm swapV2')!
  const accounts = Array.from({ length: 13 }, (_, i) => key(i + 1))
  const swap = decodeSwapInstruction(sample.programId, sample.data, accounts, 0)!
  const address = fixEncoderSize(getBytesEncoder(), 32)
  // raydium-io/raydium-clmm programs/amm/src/states/pool.rs, PoolState (packed), up to tick_current.
  const poolState = getStructEncoder([
    ['discriminator', fixEncoderSize(getBytesEncoder(), 8)],
    ['bump', getU8Encoder()],
    ['ammConfig', address],
    ['owner', address],
    ['tokenMint0', address],
    ['tokenMint1', address],
    ['tokenVault0', address],
    ['tokenVault1', address],
    ['observationKey', address],
    ['mintDecimals0', getU8Encoder()],
    ['mintDecimals1', getU8Encoder()],
    ['tickSpacing', getU16Encoder()],
    ['liquidity', getU128Encoder()],
    ['sqrtPriceX64', getU128Encoder()],
    ['tickCurrent', getI32Encoder()],
  ]).encode({
    discriminator: accountDiscriminator('PoolState'),
    bump: 255,
    ammConfig: key(90),
    owner: key(91),
    tokenMint0: MINT_X,
    tokenMint1: MINT_Y,
    tokenVault0: accounts[5]!,
    tokenVault1: accounts[6]!,
    observationKey: key(92),
    mintDecimals0: 9,
    mintDecimals1: 6,
    tickSpacing: 60,
    liquidity: 2n ** 70n + 12_345n,
    sqrtPriceX64: 2n ** 64n,
    tickCurrent: -5,
  })
  const state = new Map([
    [accounts[2]!, new Uint8Array(poolState)],
    [accounts[5]!, tokenAccount(MINT_X, 11n)],
    [accounts[6]!, tokenAccount(MINT_Y, 22n)],
  ])
  t.same(getPoolReserves(swap, reader(state)), { inputReserve: 11n, outputReserve: 22n, activeLiquidity: 2n ** 70n + 12_345n })
  const notPool = new Map(state)
  notPool.set(accounts[2]!, new Uint8Array([...accountDiscriminator('AmmConfig'), ...poolState.slice(8)]))
  t.equal(getPoolReserves(swap, reader(notPool)), null, 'another account type at the pool address')
})

t.test('pump.fun: the bonding curve virtual reserves, quote side for buys, token side for sells', async (t) => {
  const accounts = Array.from({ length: 16 }, (_, i) => key(i + 1))
  // pump-fun/pump-public-docs idl/pump.json, BondingCurve.
  const curve = new Uint8Array(
    getStructEncoder([
      ['discriminator', fixEncoderSize(getBytesEncoder(), 8)],
      ['virtualTokenReserves', getU64Encoder()],
      ['virtualQuoteReserves', getU64Encoder()],
      ['realTokenReserves', getU64Encoder()],
      ['realQuoteReserves', getU64Encoder()],
      ['tokenTotalSupply', getU64Encoder()],
      ['complete', getBooleanEncoder()],
      ['creator', fixEncoderSize(getBytesEncoder(), 32)],
    ]).encode({
      discriminator: accountDiscriminator('BondingCurve'),
      virtualTokenReserves: 1_073_000_000_000_000n,
      virtualQuoteReserves: 30_000_000_000n,
      realTokenReserves: 793_100_000_000_000n,
      realQuoteReserves: 0n,
      tokenTotalSupply: 1_000_000_000_000_000n,
      complete: false,
      creator: key(77),
    }),
  )
  const state = new Map([[accounts[3]!, curve]])
  const buy = SWAP_SAMPLES.find((candidate) => candidate.label === 'pump.fun buy')!
  t.same(getPoolReserves(decodeSwapInstruction(buy.programId, buy.data, accounts, 0)!, reader(state)), {
    inputReserve: 30_000_000_000n,
    outputReserve: 1_073_000_000_000_000n,
    activeLiquidity: null,
  })
  const sellData = new Uint8Array(buy.data)
  sellData.set(createHash('sha256').update('global:sell').digest().subarray(0, 8))
  t.same(getPoolReserves(decodeSwapInstruction(buy.programId, sellData, accounts, 0)!, reader(state)), {
    inputReserve: 1_073_000_000_000_000n,
    outputReserve: 30_000_000_000n,
    activeLiquidity: null,
  })
  const notCurve = new Map([[accounts[3]!, tokenAccount(MINT_X, 1n)]])
  t.equal(getPoolReserves(decodeSwapInstruction(buy.programId, buy.data, accounts, 0)!, reader(notCurve)), null)
})

t.test('PumpSwap: the pool vaults; Jupiter: no single pool', async (t) => {
  const buy = SWAP_SAMPLES.find((candidate) => candidate.label === 'pumpswap buy')!
  const accounts = Array.from({ length: 23 }, (_, i) => key(i + 1))
  const state = new Map([
    [accounts[7]!, tokenAccount(MINT_X, 1_000n)], // pool base
    [accounts[8]!, tokenAccount(MINT_Y, 2_000n)], // pool quote
  ])
  t.same(
    getPoolReserves(decodeSwapInstruction(buy.programId, buy.data, accounts, 0)!, reader(state)),
    {
      inputReserve: 2_000n,
      outputReserve: 1_000n,
      activeLiquidity: null,
    },
    'a buy pays quote in, takes base out',
  )
  const jupiter = SWAP_SAMPLES.find((candidate) => candidate.label === 'jupiter route')!
  t.equal(getPoolReserves(decodeSwapInstruction(jupiter.programId, jupiter.data, accounts, 0)!, reader(state)), null)
})
