/** Base-unit amounts (decimal strings of u64 values) as people read them, and names for well-known mints and programs. */
import { formatUnits, shorten } from '../components/format.ts'

export const SOL_DECIMALS = 9

const KNOWN_MINTS: Record<string, string> = {
  So11111111111111111111111111111111111111112: 'wrapped SOL',
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
  '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU': 'SAMO',
  orcaEKTdK7LKz57vaAYr9QeNsVEPfiu6QeMU1kektZE: 'ORCA',
}

const KNOWN_PROGRAMS: Record<string, string> = {
  '11111111111111111111111111111111': 'System',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo: 'Memo (v1)',
  Stake11111111111111111111111111111111111111: 'Stake',
  Vote111111111111111111111111111111111111111: 'Vote',
  BPFLoaderUpgradeab1e11111111111111111111111: 'BPF Loader Upgradeable',
  AddressLookupTab1e1111111111111111111111111: 'Address Lookup Table',
  whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Orca Whirlpool',
  JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: 'Jupiter v6',
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': 'Raydium AMM v4',
  CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: 'Raydium CPMM',
  LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: 'Meteora DLMM',
}

/** A program's name when it is well known (or named by the answer), else undefined. */
export function programName(programId: string, named: Record<string, string> = {}): string | undefined {
  return named[programId] ?? KNOWN_PROGRAMS[programId]
}

/** "SOL" for null, a known mint's symbol, else the mint shortened. */
export function assetName(mint: string | null): string {
  if (mint === null) return 'SOL'
  return KNOWN_MINTS[mint] ?? shorten(mint, 4)
}

/** An amount with its asset: "−1.005 SOL", "+4.028149 USDC". */
export function formatAsset(value: string | bigint, mint: string | null, decimals: number | null | undefined, signed = false): string {
  return `${formatUnits(value, mint === null ? SOL_DECIMALS : decimals, signed)} ${assetName(mint)}`
}

/** Lamports as SOL ("0.000005 SOL"). */
export function formatLamports(value: string | number | bigint, signed = false): string {
  return formatAsset(typeof value === 'number' ? BigInt(Math.round(value)) : value, null, SOL_DECIMALS, signed)
}
