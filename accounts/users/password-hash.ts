/**
 * Password hashes: argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's
 * minimum), stored as PHC strings so the parameters travel with each hash.
 */
import { randomUUID } from 'node:crypto'
import { hash, verify, type Algorithm } from '@node-rs/argon2'

// Algorithm.Argon2id: the typings declare the enum `const`, which verbatimModuleSyntax cannot read.
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id }

let dummyHash: Promise<string> | undefined

/** The PHC hash of `password`. */
export function createPasswordHash(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/**
 * Whether `password` matches `passwordHash`. With no hash (no such account) it still verifies
 * against a throwaway hash, so an unknown email takes as long as a wrong password.
 */
export async function isPasswordMatch(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash(randomUUID(), OPTIONS)
    await verify(await dummyHash, password)
    return false
  }
  return verify(passwordHash, password)
}
