/**
 * `npm start`'s tip wallet: the keypair the engine pays managed tips with (TIP_WALLET_KEYPAIR) when
 * none is configured, so a managed-tip bundle lands on localnet with nothing set up. The file is
 * made once under DATA_DIR (solana-keygen's format, readable by its owner only) and the wallet is
 * funded on every start, since localnet's state lives in memory. Never a mainnet wallet: it is
 * only used when localnet runs in the same process.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Address } from '@solana/kit'
import { toBase58 } from '../../lib/base58.js'
import type { LocalChain } from '../chain.js'

/** Enough for a hundred thousand tips at the floor, and then some. */
const FUNDING_LAMPORTS = 1_000n * 1_000_000_000n

async function readKeypair(file: string): Promise<Uint8Array | undefined> {
  try {
    const bytes: unknown = JSON.parse(await readFile(file, 'utf8'))
    return Array.isArray(bytes) && bytes.length === 64 ? Uint8Array.from(bytes as number[]) : undefined
  } catch {
    return undefined
  }
}

/** Creates (once) and funds the localnet tip wallet at `file`; answers its address. */
export async function ensureLocalnetTipWallet(chain: LocalChain, file: string): Promise<Address> {
  let keypair = await readKeypair(file)
  if (!keypair) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
    const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
    keypair = Uint8Array.from([...seed, ...pub])
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, JSON.stringify([...keypair]), { mode: 0o600 })
  }
  const address = toBase58(keypair.subarray(32)) as Address
  chain.airdrop(address, FUNDING_LAMPORTS)
  return address
}
