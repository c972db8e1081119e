/**
 * Loads account dumps written by `solana account <address> --output json`:
 * `{"pubkey": "...", "account": {"lamports", "data": [base64, "base64"], "owner", "executable",
 * "rentEpoch", "space"}}`, one account per `*.json` file.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { getBase58Encoder, isAddress, type Address } from '@solana/kit'
import { U64_MAX, type LocalAccount } from '../chain/local-account.js'

export type AccountSink = { setAccount(address: Address, account: LocalAccount): void }

/** Thrown for a dump that cannot be loaded; the message names the file and what is wrong. */
export class AccountDumpError extends Error {
  override readonly name = 'AccountDumpError'
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`)
  }
}

// JSON.parse turns u64 values such as rentEpoch 18446744073709551615 into an inexact double, so
// the u64 fields are quoted before parsing. No other value in a dump can contain `"lamports":`.
function quoteU64Fields(text: string): string {
  return text.replace(/("(?:lamports|rentEpoch|space)"\s*:\s*)(\d+)/g, '$1"$2"')
}

function toU64(file: string, field: string, value: unknown): bigint {
  if (typeof value !== 'string' || !/^\d+$/.test(value) || BigInt(value) > U64_MAX) {
    throw new AccountDumpError(file, `account.${field} must be an unsigned 64-bit integer`)
  }
  return BigInt(value)
}

function toAddress(file: string, field: string, value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw new AccountDumpError(file, `${field} must be a base58 address`)
  }
  return value
}

function decodeData(file: string, value: unknown): Uint8Array {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') {
    throw new AccountDumpError(file, 'account.data must be [<encoded>, "base64" | "base58"]')
  }
  const [encoded, encoding] = value as [string, unknown]
  if (encoding === 'base64') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw new AccountDumpError(file, 'account.data is not valid base64')
    return new Uint8Array(Buffer.from(encoded, 'base64'))
  }
  if (encoding === 'base58') {
    try {
      return new Uint8Array(getBase58Encoder().encode(encoded))
    } catch {
      throw new AccountDumpError(file, 'account.data is not valid base58')
    }
  }
  throw new AccountDumpError(file, `account.data encoding ${JSON.stringify(encoding)} is not supported`)
}

/** Parses one dump file's text into an address and account. */
export function parseAccountDump(file: string, text: string): { address: Address; account: LocalAccount } {
  let parsed: unknown
  try {
    parsed = JSON.parse(quoteU64Fields(text))
  } catch (cause) {
    throw new AccountDumpError(file, `not valid JSON (${(cause as Error).message})`)
  }
  const dump = parsed as { pubkey?: unknown; account?: Record<string, unknown> } | null
  if (typeof dump !== 'object' || dump === null || typeof dump.account !== 'object' || dump.account === null) {
    throw new AccountDumpError(file, 'expected {"pubkey": ..., "account": {...}}')
  }
  const raw = dump.account
  const data = decodeData(file, raw.data)
  if (raw.space !== undefined && toU64(file, 'space', raw.space) !== BigInt(data.length)) {
    throw new AccountDumpError(file, `account.space is ${JSON.stringify(raw.space)} but data has ${data.length} bytes`)
  }
  if (typeof raw.executable !== 'boolean') throw new AccountDumpError(file, 'account.executable must be a boolean')
  return {
    address: toAddress(file, 'pubkey', dump.pubkey),
    account: {
      lamports: toU64(file, 'lamports', raw.lamports),
      data,
      owner: toAddress(file, 'account.owner', raw.owner),
      executable: raw.executable,
      rentEpoch: raw.rentEpoch === undefined ? U64_MAX : toU64(file, 'rentEpoch', raw.rentEpoch),
    },
  }
}

/** Loads every `*.json` dump of `dir` (sorted by name) into the chain; returns how many. */
export async function loadAccountsDir(dir: string, chain: AccountSink): Promise<number> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()
  // Parse everything first so that one bad file leaves the chain untouched.
  const accounts = await Promise.all(
    files.map(async (name) => {
      const file = join(dir, name)
      return parseAccountDump(file, await readFile(file, 'utf8'))
    }),
  )
  for (const { address, account } of accounts) chain.setAccount(address, account)
  return accounts.length
}
