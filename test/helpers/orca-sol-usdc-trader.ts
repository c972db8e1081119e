/**
 * A funded wallet that trades on the recorded Orca SOL/USDC whirlpool through the real program
 * (test/fixtures/programs, loaded into localnet with the pool's mainnet dumps): its wrapped-SOL and
 * USDC accounts, and the official client's instructions to fund them and to swap.
 */
import { generateKeyPairSigner, type Address, type Instruction, type KeyPairSigner } from '@solana/kit'
import { getOracleAddress, getSwapInstruction } from '@orca-so/whirlpools-client'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
import { SOL_USDC } from '../engine/detection/swaps/orca-fixture.js'

export const MIN_SQRT_PRICE = 4_295_048_016n
export const MAX_SQRT_PRICE = 79_226_673_515_401_279_992_447_579_055n

export interface OrcaTrader {
  signer: KeyPairSigner
  wsol: Address
  usdc: Address
}

export interface OrcaSwap {
  amount: bigint
  /** The minimum output (exact in) or the maximum input (exact out). */
  threshold: bigint
  /** SOL → USDC (down the price) when true. */
  aToB: boolean
  tickArrays: readonly Address[]
  exactIn?: boolean
}

/** A new key airdropped `lamports` on `chain`, with the addresses of its two associated token accounts. */
export async function createOrcaTrader(
  chain: { airdrop(address: Address, lamports: bigint): unknown },
  lamports: bigint,
): Promise<OrcaTrader> {
  const signer = await generateKeyPairSigner()
  chain.airdrop(signer.address, lamports)
  const ata = async (mint: Address) =>
    (await findAssociatedTokenPda({ owner: signer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
  return { signer, wsol: await ata(SOL_USDC.mintA), usdc: await ata(SOL_USDC.mintB) }
}

/** Wraps `lamports` into the trader's wrapped-SOL account and opens its USDC account. */
export function getFundInstructions(trader: OrcaTrader, lamports: bigint): Instruction[] {
  const open = (ata: Address, mint: Address) =>
    getCreateAssociatedTokenIdempotentInstruction({ payer: trader.signer, ata, owner: trader.signer.address, mint })
  return [
    open(trader.wsol, SOL_USDC.mintA),
    getTransferSolInstruction({ source: trader.signer, destination: trader.wsol, amount: lamports }),
    getSyncNativeInstruction({ account: trader.wsol }),
    open(trader.usdc, SOL_USDC.mintB),
  ]
}

/** The SOL/USDC whirlpool's oracle account, which its swaps name. */
export async function getSolUsdcOracle(): Promise<Address> {
  return (await getOracleAddress(SOL_USDC.whirlpool))[0]
}

/** The trader's swap on the SOL/USDC whirlpool: no price limit, the bound is `threshold`. */
export function getTraderSwap(trader: OrcaTrader, swap: OrcaSwap, oracle: Address): Instruction {
  const [tickArray0, tickArray1, tickArray2] = swap.tickArrays as [Address, Address, Address]
  return getSwapInstruction({
    tokenAuthority: trader.signer,
    whirlpool: SOL_USDC.whirlpool,
    tokenOwnerAccountA: trader.wsol,
    tokenVaultA: SOL_USDC.vaultA,
    tokenOwnerAccountB: trader.usdc,
    tokenVaultB: SOL_USDC.vaultB,
    tickArray0,
    tickArray1,
    tickArray2,
    oracle,
    amount: swap.amount,
    otherAmountThreshold: swap.threshold,
    sqrtPriceLimit: swap.aToB ? MIN_SQRT_PRICE : MAX_SQRT_PRICE,
    amountSpecifiedIsInput: swap.exactIn ?? true,
    aToB: swap.aToB,
  })
}
