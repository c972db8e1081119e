/**
 * The HS256 key of the access tokens, which the user service signs with and every edge verifies
 * with: JWT_SECRET, else the contents of JWT_KEY_FILE, else a key generated once into DATA_DIR so
 * that the embedded default needs no setup and its tokens survive a restart.
 */
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MIN_SIGNING_KEY_BYTES } from '../../lib/access-token.js'
import { ConfigError } from '../../lib/config.js'

/** The generated key's file under DATA_DIR. */
export const SIGNING_KEY_FILE = 'jwt-signing-key'
const GENERATED_KEY_BYTES = 64

export interface SigningKeyOptions {
  /** JWT_SECRET: used as its UTF-8 bytes. */
  jwtSecret?: string
  /** JWT_KEY_FILE: a file holding the key (text is trimmed, binary used as is). */
  jwtKeyFile?: string
  dataDir: string
}

/** The signing key the options name; a key shorter than 32 bytes stops the process with a ConfigError. */
export function getSigningKey({ jwtSecret, jwtKeyFile, dataDir }: SigningKeyOptions): Uint8Array {
  if (jwtSecret !== undefined) {
    const key = Buffer.from(jwtSecret, 'utf8')
    // The secret itself never goes into the error (it would reach the logs): only its length.
    if (key.length < MIN_SIGNING_KEY_BYTES)
      throw new ConfigError('JWT_SECRET', `at least ${MIN_SIGNING_KEY_BYTES} bytes`, `${key.length} bytes`)
    return new Uint8Array(key)
  }
  if (jwtKeyFile !== undefined) {
    let contents: Buffer
    try {
      contents = readFileSync(jwtKeyFile)
    } catch {
      throw new ConfigError('JWT_KEY_FILE', 'a readable file', jwtKeyFile)
    }
    const key = fromKeyFileContents(contents)
    if (key.length < MIN_SIGNING_KEY_BYTES) {
      throw new ConfigError('JWT_KEY_FILE', `a file holding at least ${MIN_SIGNING_KEY_BYTES} bytes (it holds ${key.length})`, jwtKeyFile)
    }
    return key
  }
  return getGeneratedKey(dataDir)
}

/** A text file's trimmed bytes (an editor's trailing newline is not part of the key); other bytes as they are. */
function fromKeyFileContents(contents: Buffer): Uint8Array {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(contents)
  } catch {
    return new Uint8Array(contents)
  }
  // Random binary keys almost never decode as UTF-8; one that does still has control characters.
  // eslint-disable-next-line no-control-regex -- control characters are what tells a binary key from text
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text)) return new Uint8Array(contents)
  return new Uint8Array(Buffer.from(text.trim(), 'utf8'))
}

/** The key in `dataDir`, generated on the first start; several processes starting at once agree on one. */
function getGeneratedKey(dataDir: string): Uint8Array {
  const path = join(dataDir, SIGNING_KEY_FILE)
  const existing = readKeyFile(path)
  if (existing) return existing
  mkdirSync(dataDir, { recursive: true })
  // Written whole under a temporary name, then linked into place: a reader never sees half a key,
  // and when two processes race, link fails for the second, which then reads the first one's key.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temporary, randomBytes(GENERATED_KEY_BYTES), { mode: 0o600 })
  try {
    linkSync(temporary, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    rmSync(temporary, { force: true })
  }
  const key = readKeyFile(path)
  if (!key) throw new Error(`${path} vanished right after it was written`)
  return key
}

/** The generated key, or null when there is none yet. */
function readKeyFile(path: string): Uint8Array | null {
  let contents: Buffer
  try {
    contents = readFileSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  if (contents.length < MIN_SIGNING_KEY_BYTES) {
    throw new Error(
      `${path} holds ${contents.length} bytes, not a signing key; delete it to generate a new one (tokens it signed stop working)`,
    )
  }
  return new Uint8Array(contents)
}
