/**
 * Signed transactions only, for what leaves the service (execute, send): every signature the
 * message requires is present and verifies (ed25519 over the message bytes, as the runtime checks
 * it), or `invalid_signature` names the signer. Simulate does not call this: a wallet asks before
 * its user signs. The bundle lint reads the same check as a rule (getSignatureProblem).
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { createServiceError } from '../../../lib/errors.js'
import { toAccountKey, toBase58Address, type AccountKey } from '../state/account-key.js'
import { getStaticKey, type WireTransaction } from './wire-transaction.js'

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410), followed by the 32 raw key bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
/** Parsing a key costs more than verifying with it: signers recur (bots, wallets), so keys are kept. */
const publicKeys = new LRUCache<AccountKey, KeyObject>({ max: 10_000 })

/** The signer's key, or null when its bytes are no ed25519 point (a program address cannot sign). */
function getPublicKey(key: Uint8Array): KeyObject | null {
  const cacheKey = toAccountKey(key)
  let publicKey = publicKeys.get(cacheKey)
  if (publicKey === undefined) {
    try {
      publicKey = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, key]), format: 'der', type: 'spki' })
    } catch {
      return null
    }
    publicKeys.set(cacheKey, publicKey)
  }
  return publicKey
}

function isValidSignature(message: Uint8Array, signer: Uint8Array, signature: Uint8Array): boolean {
  const publicKey = getPublicKey(signer)
  if (publicKey === null) return false
  try {
    return verify(null, message, publicKey, signature)
  } catch {
    return false
  }
}

function isZeroed(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false
  return true
}

/** What is wrong with the transaction's signatures (naming the signer), or null when every required one is present and valid. */
export function getSignatureProblem(tx: WireTransaction): string | null {
  if (tx.signatureCount !== tx.numRequiredSignatures) {
    return `the transaction carries ${tx.signatureCount} signatures and its message requires ${tx.numRequiredSignatures}`
  }
  const message = tx.bytes.subarray(tx.messageOffset)
  for (let i = 0; i < tx.numRequiredSignatures; i++) {
    const signature = tx.bytes.subarray(tx.signaturesOffset + 64 * i, tx.signaturesOffset + 64 * (i + 1))
    const signer = getStaticKey(tx, i)
    const name = toBase58Address(toAccountKey(signer))
    if (isZeroed(signature)) return `${name} has not signed the transaction`
    if (!isValidSignature(message, signer, signature)) return `the signature of ${name} does not verify over the message`
  }
  return null
}

/** Throws `invalid_signature` unless every required signature is present and valid. */
export function assertSignedTransaction(tx: WireTransaction): void {
  const problem = getSignatureProblem(tx)
  if (problem !== null) throw createServiceError('invalid_signature', problem)
}
