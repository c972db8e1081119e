/**
 * The service's tip wallet (TIP_WALLET_KEYPAIR): a keypair file in solana-keygen's format (a JSON
 * array of 64 bytes, the secret seed then the public key) whose owner pays the managed tips. It
 * signs one kind of transaction only, a tip transfer (tip-transaction.ts): the key never leaves
 * this module, and nothing a caller sends can make it sign anything else.
 */
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { toBase58 } from '../../../lib/base58.js'

/** DER prefix of an Ed25519 PKCS#8 private key (RFC 8410), followed by the 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export interface TipWallet {
  /** The wallet's address, 32 bytes. */
  readonly publicKey: Uint8Array
  /** Base58, for logs and docs. */
  readonly address: string
  /** Signs a message (ed25519). */
  sign(message: Uint8Array): Uint8Array
}

/** The wallet of 64 keypair bytes; throws when the public half does not belong to the secret half. */
export function createTipWallet(keypair: Uint8Array): TipWallet {
  if (keypair.length !== 64) throw new Error(`a keypair is 64 bytes, this one is ${keypair.length}`)
  const seed = keypair.subarray(0, 32)
  const publicKey = Uint8Array.from(keypair.subarray(32, 64))
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' })
  const derived = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32)
  if (Buffer.compare(derived, publicKey) !== 0) throw new Error('its last 32 bytes are not the public key of its first 32')
  return {
    publicKey,
    address: toBase58(publicKey),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  }
}

/** Reads a solana-keygen keypair file; the error names the file and what is wrong, never the key. */
export async function loadTipWallet(file: string): Promise<TipWallet> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    if (error instanceof SyntaxError) {
      // eslint-disable-next-line preserve-caught-error -- a parse error quotes the text around the fault: the secret key.
      throw new Error(`TIP_WALLET_KEYPAIR ${file}: cannot read a JSON keypair (not valid JSON)`)
    }
    throw new Error(`TIP_WALLET_KEYPAIR ${file}: cannot read a JSON keypair (${(error as Error).message})`, { cause: error })
  }
  if (!Array.isArray(parsed) || !parsed.every((byte) => Number.isInteger(byte) && byte >= 0 && byte <= 255)) {
    throw new Error(`TIP_WALLET_KEYPAIR ${file}: not a JSON array of bytes (solana-keygen's format)`)
  }
  try {
    return createTipWallet(Uint8Array.from(parsed as number[]))
  } catch (error) {
    throw new Error(`TIP_WALLET_KEYPAIR ${file}: ${(error as Error).message}`, { cause: error })
  }
}
