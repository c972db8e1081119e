/**
 * The native mints every cluster has from genesis: wrapped SOL of the Token program
 * (So11111111111111111111111111111111111111112) and of the Token-2022 program
 * (9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP). Each is an initialised 82-byte mint of 9
 * decimals (SOL's lamports) with no mint or freeze authority and a supply of 0: wrapped SOL is not
 * minted, a token account of the native mint counts the lamports it holds above its rent
 * (SyncNative). Without them, wrapping SOL fails here as it never does on a real cluster.
 */
import { address, none, type Address } from '@solana/kit'
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { RENT_EXEMPT_RENT_EPOCH, type LocalAccount } from '../chain/local-account.js'

export const NATIVE_MINT: Address = address('So11111111111111111111111111111111111111112')
export const NATIVE_MINT_2022: Address = address('9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP')
export const NATIVE_MINT_DECIMALS = 9
const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

export type NativeMintSink = {
  setAccount(address: Address, account: LocalAccount): void
  getMinimumBalanceForRentExemption(dataLength: bigint): bigint
}

/** Writes both native mints into the chain, as a cluster's genesis holds them. */
export function seedNativeMints(chain: NativeMintSink): void {
  const data = new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: none(),
      supply: 0n,
      decimals: NATIVE_MINT_DECIMALS,
      isInitialized: true,
      freezeAuthority: none(),
    }),
  )
  const lamports = chain.getMinimumBalanceForRentExemption(BigInt(data.length))
  for (const [mint, owner] of [
    [NATIVE_MINT, TOKEN_PROGRAM_ADDRESS],
    [NATIVE_MINT_2022, TOKEN_2022_PROGRAM_ADDRESS],
  ] as const) {
    chain.setAccount(mint, { lamports, data: data.slice(), owner, executable: false, rentEpoch: RENT_EXEMPT_RENT_EPOCH })
  }
}
