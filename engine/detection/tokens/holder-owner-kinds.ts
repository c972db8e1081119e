/**
 * Who holds a token account, judged from its owner (the token account's authority): a burn
 * address, a pool (the tokens are liquidity, not a holder who can dump them), a known LP locker,
 * or an ordinary holder.
 *
 * A pool or locker is recognised by evidence no holder can fake:
 * - a fixed authority that is a PDA of the venue (no private key exists): Raydium AMM v4
 *   `5Q544f…` (seed "amm authority", raydium-io/raydium-amm), Raydium CPMM `GpMZbS…` ("vault_and_lp_mint_auth_seed",
 *   raydium-io/raydium-cpi programs/cpmm-cpi/src/lib.rs), Raydium LaunchLab `WLHv2U…`
 *   ("vault_auth_seed"), Meteora DAMM v2 `HLnpSz…` ("pool_authority", MeteoraAg/damm-v2
 *   constants.rs), and Raydium's LP locker `3f7GcQ…` ("lock_cp_authority_seed",
 *   raydium-io/raydium-cpi programs/locking-cpi/src/{lib,context}.rs: `locked_lp_vault` is the
 *   ATA of that authority); test/engine/detection/tokens/holder-owner-kinds-evidence.test.ts derives each one;
 * - or an owner account held by the venue's program whose data starts with the venue's pool
 *   discriminator. Owning program alone is not enough: anyone can create a zero-filled account
 *   assigned to any program at an address whose key they hold, and still sign as that token
 *   account's authority; only the program can write its discriminator.
 * Burn addresses: the incinerator `1nc1nerator11111111111111111111111111111111` and the
 * all-zero key (the System Program id); nobody can sign for either.
 */
import type { LargestHolder } from './holder-largest.js'

export type HolderKind = 'burn' | 'pool' | 'locker' | 'holder'

export const INCINERATOR_ADDRESS = '1nc1nerator11111111111111111111111111111111'
const ZERO_ADDRESS = '11111111111111111111111111111111'

export const BURN_ADDRESSES: ReadonlySet<string> = new Set([INCINERATOR_ADDRESS, ZERO_ADDRESS])

/** Vault authorities of pool programs (PDAs with a single static seed). */
export const POOL_AUTHORITIES: ReadonlyMap<string, string> = new Map([
  ['5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1', 'raydium_amm_v4'],
  ['GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL', 'raydium_cpmm'],
  ['WLHv2UAZm6z4KyaaELi5pjdbJh6RESMva1Rnn8pJVVh', 'raydium_launchlab'],
  ['HLnpSz9h2S4hiLQ43rnSD9XkcUThA7B8hQMKmDaiTLcC', 'meteora_damm_v2'],
])

/** Authorities of LP lockers (PDAs with a single static seed). */
export const LOCKER_AUTHORITIES: ReadonlyMap<string, string> = new Map([
  ['3f7GcQFG397GAaEnv51zR6tsTVihYRydnydDD1cXekxH', 'raydium_lp_locker'],
])

interface OwnerAccountKind {
  program: string
  /** sha256("account:<Name>")[0..8] of the account that owns the vault. */
  discriminator: readonly number[]
  kind: 'pool' | 'locker'
  name: string
}

/** Pool and locker accounts that own token accounts themselves. */
const OWNER_ACCOUNT_KINDS: readonly OwnerAccountKind[] = [
  // orca-so/whirlpools: token_vault_a/b are owned by the Whirlpool account.
  {
    program: 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc',
    discriminator: [63, 149, 209, 12, 225, 128, 99, 9],
    kind: 'pool',
    name: 'orca_whirlpool',
  },
  // pump-fun/pump-public-docs pump_amm.json: pool_base/quote_token_account are the Pool's ATAs.
  {
    program: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA',
    discriminator: [241, 154, 109, 4, 17, 177, 109, 188],
    kind: 'pool',
    name: 'pumpswap',
  },
  // raydium-io/raydium-clmm: token_vault_0/1 are owned by the PoolState account.
  {
    program: 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
    discriminator: [247, 237, 227, 245, 215, 195, 222, 70],
    kind: 'pool',
    name: 'raydium_clmm',
  },
  // MeteoraAg/dlmm-sdk: reserve_x/y are owned by the LbPair account.
  {
    program: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo',
    discriminator: [33, 11, 49, 98, 181, 101, 177, 13],
    kind: 'pool',
    name: 'meteora_dlmm',
  },
  // pump-fun/pump-public-docs pump.json: the bonding curve's tokens sit in its ATA.
  {
    program: '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P',
    discriminator: [23, 183, 248, 55, 96, 216, 172, 96],
    kind: 'pool',
    name: 'pumpfun_bonding_curve',
  },
  // jup-ag/jup-lock create_vesting_escrow: escrow_token is the ATA of the VestingEscrow account.
  {
    program: 'LocpQgucEQHbqNABEYvBvwoxCPsSbG91A1QaQhQQqjn',
    discriminator: [244, 119, 183, 4, 73, 116, 135, 195],
    kind: 'locker',
    name: 'jupiter_lock',
  },
]

function isTag(tag: Uint8Array | null, discriminator: readonly number[]): boolean {
  if (tag === null || tag.length < discriminator.length) return false
  for (let i = 0; i < discriminator.length; i++) if (tag[i] !== discriminator[i]) return false
  return true
}

/** The kind of owner behind a token account, and the venue or locker when it is one. */
export function getHolderKind(
  holder: Pick<LargestHolder, 'account' | 'owner' | 'ownerProgram' | 'ownerTag'>,
  poolVaults: ReadonlySet<string> = new Set(),
): { kind: HolderKind; name: string | null } {
  if (BURN_ADDRESSES.has(holder.owner)) return { kind: 'burn', name: null }
  // A vault of a pool the index found is liquidity whoever its authority is.
  if (poolVaults.has(holder.account)) return { kind: 'pool', name: null }
  const pool = POOL_AUTHORITIES.get(holder.owner)
  if (pool) return { kind: 'pool', name: pool }
  const locker = LOCKER_AUTHORITIES.get(holder.owner)
  if (locker) return { kind: 'locker', name: locker }
  for (const entry of OWNER_ACCOUNT_KINDS) {
    if (holder.ownerProgram === entry.program && isTag(holder.ownerTag, entry.discriminator)) return { kind: entry.kind, name: entry.name }
  }
  return { kind: 'holder', name: null }
}
