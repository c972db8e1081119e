/** Paths and readers for the real mainnet fixtures in test/fixtures (their origins: test/fixtures/PROVENANCE.md). */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const FIXTURES_DIR = join(import.meta.dirname, '..', 'fixtures')
export const ORCA_ACCOUNTS_DIR = join(FIXTURES_DIR, 'mainnet', 'orca-whirlpool')
/** Mainnet program binaries named `<program-id>.so` (Orca Whirlpool, Raydium CPMM, Meteora DLMM): LOCALNET_PROGRAMS_DIR. */
export const PROGRAMS_DIR = join(FIXTURES_DIR, 'programs')

export interface AccountDump {
  pubkey: string
  account: { lamports: number; data: [string, string]; owner: string; executable: boolean }
}

/** Every `solana account --output json` dump of a folder. */
export function readAccountDumps(dir: string): AccountDump[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as AccountDump)
}
