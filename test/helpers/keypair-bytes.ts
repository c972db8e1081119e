/** A fresh solana-keygen keypair: the 32-byte ed25519 seed, then the public key (64 bytes). */
import { generateKeyPairSync } from 'node:crypto'

export function newKeypairBytes(): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return Uint8Array.from([...seed, ...pub])
}
