// Pool reserves of Whirlpool swaps on the real SOL/USDC and SAMO/USDC pool state. The figures are
// the dumps' vault token amounts (offset 64) and the whirlpool's liquidity, read by hand:
//   SOL/USDC  vault A (wSOL) 101,826,710,217,770   vault B (USDC) 1,806,982,724,843   L 179,999,872,843,830
//   SAMO/USDC vault A (SAMO) 1,493,518,864,318,819 vault B (USDC) 99,930,443,663
import { getSwapInstruction, getTwoHopSwapInstruction, getWhirlpoolDecoder } from '@orca-so/whirlpools-client'
import { address } from '@solana/kit'
import t from 'tap'
import { decodeSwapInstruction, getPoolReserves, getSwapVaults } from '../../../../engine/detection/swaps/index.js'
import {
  SAMO_USDC,
  SOL_USDC,
  WALLET,
  WALLET_SAMO,
  WALLET_USDC,
  WALLET_WSOL,
  createFixtureAccountReader,
  toBytes,
  toRawInstruction,
} from './orca-fixture.js'
import { toAddress } from './swap-fixtures.js'

const ORACLE = address('4GkRbcYg1VKsZropgai4dMf2Nj2PkXNLf43knFpavrSi')
const getAccountData = createFixtureAccountReader()

function decodeSolUsdcSwap(aToB: boolean) {
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
      amount: 100_000_000n,
      otherAmountThreshold: 0n,
      sqrtPriceLimit: 0n,
      amountSpecifiedIsInput: true,
      aToB,
    }),
  )
  return decodeSwapInstruction(raw.programId, raw.data, raw.accounts, 0)!
}

t.test('SOL → USDC: input reserve is the wSOL vault, output the USDC vault, L the pool liquidity', async (t) => {
  const swap = decodeSolUsdcSwap(true)
  t.same(getPoolReserves(swap, getAccountData), {
    inputReserve: 101_826_710_217_770n,
    outputReserve: 1_806_982_724_843n,
    activeLiquidity: 179_999_872_843_830n,
  })
  const whirlpool = getWhirlpoolDecoder().decode(getAccountData(toBytes(SOL_USDC.whirlpool))!)
  t.equal(whirlpool.liquidity, 179_999_872_843_830n, 'the official decoder reads the same liquidity')
})

t.test('USDC → SOL: the sides swap', async (t) => {
  t.same(getPoolReserves(decodeSolUsdcSwap(false), getAccountData), {
    inputReserve: 1_806_982_724_843n,
    outputReserve: 101_826_710_217_770n,
    activeLiquidity: 179_999_872_843_830n,
  })
})

t.test('two hops SOL → USDC → SAMO: pool one takes the input, pool two pays the output', async (t) => {
  const raw = toRawInstruction(
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
      tickArrayTwo0: SAMO_USDC.tickArraysUp[0]!,
      tickArrayTwo1: SAMO_USDC.tickArraysUp[1]!,
      tickArrayTwo2: SAMO_USDC.tickArraysUp[2]!,
      oracleOne: ORACLE,
      oracleTwo: ORACLE,
      amount: 100_000_000n,
      otherAmountThreshold: 0n,
      amountSpecifiedIsInput: true,
      aToBOne: true,
      aToBTwo: false,
      sqrtPriceLimitOne: 0n,
      sqrtPriceLimitTwo: 0n,
    }),
  )
  const swap = decodeSwapInstruction(raw.programId, raw.data, raw.accounts, 0)!
  t.same(getPoolReserves(swap, getAccountData), {
    inputReserve: 101_826_710_217_770n,
    outputReserve: 1_493_518_864_318_819n,
    activeLiquidity: 179_999_872_843_830n,
  })
})

t.test('the vaults resolve from the mints when only the pool order is known', async (t) => {
  // A Whirlpool swap stripped of its direction: the user's USDC account decides it.
  const swap = { ...decodeSolUsdcSwap(false), vaultIn: null, vaultOut: null }
  const vaults = getSwapVaults(swap, getAccountData)!
  t.equal(toAddress(vaults.vaultIn), SOL_USDC.vaultB, 'the wallet USDC account (in the dumps) matches vault B')
  t.equal(toAddress(vaults.vaultOut), SOL_USDC.vaultA)
  t.same(getPoolReserves(swap, getAccountData)?.inputReserve, 1_806_982_724_843n)
  // The a→b swap's source is the wSOL account, not in the dumps: the destination (USDC) decides.
  const reverse = { ...decodeSolUsdcSwap(true), vaultIn: null, vaultOut: null }
  t.equal(toAddress(getSwapVaults(reverse, getAccountData)?.vaultIn), SOL_USDC.vaultA)
})

t.test('null when an account is not available', async (t) => {
  const swap = decodeSolUsdcSwap(true)
  const without = (missing: string) => (key: Uint8Array) => (toAddress(key) === missing ? undefined : getAccountData(key))
  t.equal(getPoolReserves(swap, without(SOL_USDC.vaultA)), null, 'input vault missing')
  t.equal(getPoolReserves(swap, without(SOL_USDC.vaultB)), null, 'output vault missing')
  t.equal(getPoolReserves(swap, without(SOL_USDC.whirlpool)), null, 'pool missing (no liquidity)')
  t.equal(
    getPoolReserves(swap, () => undefined),
    null,
  )
  t.equal(getPoolReserves({ ...swap, pool: null }, getAccountData), null, 'pool unknown')
  // A token account where the pool should be: the discriminator check refuses it.
  t.equal(getPoolReserves({ ...swap, pool: toBytes(SOL_USDC.vaultA) }, getAccountData), null, 'not a whirlpool')
})
