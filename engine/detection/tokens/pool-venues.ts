/**
 * Where the known pool programs keep a pool's two mints, two vaults and LP accounting, from the
 * official layouts:
 * - Orca Whirlpool: orca-so/whirlpools `Whirlpool` (the installed @orca-so/whirlpools-client
 *   decoder and its `whirlpoolTokenMintAFilter` at offset 101); 653 bytes.
 * - Raydium AMM v4: raydium-io/raydium-amm program/src/state.rs `AmmInfo` (repr(C), 16 u64,
 *   Fees 64, StateData 144, then the keys); 752 bytes; `lp_amount` at 720.
 * - Raydium CPMM: raydium-io/raydium-cp-swap programs/cp-swap/src/states/pool.rs `PoolState`
 *   (repr(packed), after the 8-byte Anchor discriminator); 637 bytes; `lp_supply` at 333.
 * - PumpSwap: pump-fun/pump-public-docs idl/pump_amm.json `Pool`. Its accounts have grown over
 *   time (211, 243, … bytes, and ≥ 300 once `extend_account` ran, per the pump-swap-sdk's
 *   `POOL_ACCOUNT_NEW_SIZE`), so no dataSize identifies them: the Anchor discriminator does.
 */
export type PoolVenue = 'orca_whirlpool' | 'raydium_amm_v4' | 'raydium_cpmm' | 'pumpswap'

export interface PoolVenueLayout {
  readonly venue: PoolVenue
  readonly programId: string
  /** The pool account's exact size, or null when it varies. */
  readonly dataSize: number | null
  /** The Anchor account discriminator at offset 0 (sha256("account:<Name>")[0..8]), if any. */
  readonly discriminator: Uint8Array | null
  /** Offsets of the two mints (side A/coin/token_0/base, then side B/pc/token_1/quote). */
  readonly mintOffsets: readonly [number, number]
  /** Offsets of the vaults holding each side, in the same order. */
  readonly vaultOffsets: readonly [number, number]
  /** Offset of the LP mint; null for concentrated-liquidity pools (positions, no LP mint). */
  readonly lpMintOffset: number | null
  /** Offset of the u64 the pool keeps as its own LP supply (burns through the token program do not lower it). */
  readonly lpReserveOffset: number | null
  /** That field's name in the official layout. */
  readonly lpReserveField: 'lp_amount' | 'lp_supply' | null
  /** The smallest pool account this layout can be read from (its last field's end). */
  readonly minDataLength: number
}

export const ORCA_WHIRLPOOL_PROGRAM = 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc'
export const RAYDIUM_AMM_V4_PROGRAM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8'
export const RAYDIUM_CPMM_PROGRAM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C'
export const PUMPSWAP_PROGRAM = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA'

export const POOL_VENUES: readonly PoolVenueLayout[] = [
  {
    venue: 'orca_whirlpool',
    programId: ORCA_WHIRLPOOL_PROGRAM,
    dataSize: 653,
    discriminator: Uint8Array.from([63, 149, 209, 12, 225, 128, 99, 9]),
    mintOffsets: [101, 181],
    vaultOffsets: [133, 213],
    lpMintOffset: null,
    lpReserveOffset: null,
    lpReserveField: null,
    minDataLength: 653,
  },
  {
    venue: 'raydium_amm_v4',
    programId: RAYDIUM_AMM_V4_PROGRAM,
    dataSize: 752,
    // Not an Anchor program: no discriminator, the size identifies an AmmInfo.
    discriminator: null,
    mintOffsets: [400, 432],
    vaultOffsets: [336, 368],
    lpMintOffset: 464,
    lpReserveOffset: 720,
    lpReserveField: 'lp_amount',
    minDataLength: 752,
  },
  {
    venue: 'raydium_cpmm',
    programId: RAYDIUM_CPMM_PROGRAM,
    dataSize: 637,
    discriminator: Uint8Array.from([247, 237, 227, 245, 215, 195, 222, 70]),
    mintOffsets: [168, 200],
    vaultOffsets: [72, 104],
    lpMintOffset: 136,
    lpReserveOffset: 333,
    lpReserveField: 'lp_supply',
    minDataLength: 637,
  },
  {
    venue: 'pumpswap',
    programId: PUMPSWAP_PROGRAM,
    dataSize: null,
    discriminator: Uint8Array.from([241, 154, 109, 4, 17, 177, 109, 188]),
    mintOffsets: [43, 75],
    vaultOffsets: [139, 171],
    lpMintOffset: 107,
    lpReserveOffset: 203,
    lpReserveField: 'lp_supply',
    // The first layout ended at lp_supply (8 + 203 bytes); later fields are appended.
    minDataLength: 211,
  },
]

/** The bytes of a pool account the index reads: from the first field it needs to the end of the last. */
export function getVenueSlice(layout: PoolVenueLayout): { offset: number; length: number } {
  const starts = [...layout.mintOffsets, ...layout.vaultOffsets]
  const ends = starts.map((offset) => offset + 32)
  if (layout.lpMintOffset !== null) {
    starts.push(layout.lpMintOffset)
    ends.push(layout.lpMintOffset + 32)
  }
  if (layout.lpReserveOffset !== null) {
    starts.push(layout.lpReserveOffset)
    ends.push(layout.lpReserveOffset + 8)
  }
  const offset = Math.min(...starts)
  return { offset, length: Math.max(...ends) - offset }
}
