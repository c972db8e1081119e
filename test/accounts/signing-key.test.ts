import t, { type Test } from 'tap'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createAccessToken, verifyAccessToken } from '../../lib/access-token.js'
import { ConfigError } from '../../lib/config.js'
import { getSigningKey, SIGNING_KEY_FILE } from '../../accounts/tokens/signing-key.js'

/** The ConfigError `work` throws, or a failed assertion. */
function getConfigError(t: Test, work: () => unknown): ConfigError | undefined {
  try {
    work()
    t.fail('expected a ConfigError')
  } catch (error) {
    if (error instanceof ConfigError) return error
    t.fail('expected a ConfigError', { got: String(error) })
  }
  return undefined
}

t.test('JWT_SECRET: its UTF-8 bytes, at least 32 of them', async (t) => {
  const dataDir = t.testdir({})
  const secret = 'a'.repeat(32)
  t.same(getSigningKey({ jwtSecret: secret, dataDir }), new Uint8Array(Buffer.from(secret)))
  // Eleven euro signs are 11 characters but 33 bytes: the limit counts bytes.
  t.equal(getSigningKey({ jwtSecret: '€'.repeat(11), dataDir }).length, 33)
  const short = 'shh-this-is-31-bytes-long-12345'
  t.equal(Buffer.byteLength(short), 31)
  const error = getConfigError(t, () => getSigningKey({ jwtSecret: short, dataDir }))
  t.equal(error?.variable, 'JWT_SECRET')
  t.notMatch(error?.message ?? '', short, 'the secret is not in the message (it would reach the logs)')
  t.notOk(existsSync(join(dataDir, SIGNING_KEY_FILE)), 'nothing is generated when a secret is given')
})

t.test('JWT_SECRET wins over JWT_KEY_FILE', async (t) => {
  const dataDir = t.testdir({ key: 'k'.repeat(40) })
  const secret = 's'.repeat(32)
  t.same(getSigningKey({ jwtSecret: secret, jwtKeyFile: join(dataDir, 'key'), dataDir }), new Uint8Array(Buffer.from(secret)))
})

t.test('JWT_KEY_FILE: text is trimmed, binary is used as it is', async (t) => {
  const text = 'x'.repeat(40)
  const binary = Buffer.concat([Buffer.from([0, 1, 2, 0x0a]), randomBytes(44), Buffer.from([0x0a])])
  const dataDir = t.testdir({ 'text-key': `  ${text}\n`, 'binary-key': binary, 'short-key': `${'y'.repeat(31)}\n\n` })
  t.same(getSigningKey({ jwtKeyFile: join(dataDir, 'text-key'), dataDir }), new Uint8Array(Buffer.from(text)))
  t.same(getSigningKey({ jwtKeyFile: join(dataDir, 'binary-key'), dataDir }), new Uint8Array(binary), 'binary keeps its newline bytes')
  const short = getConfigError(t, () => getSigningKey({ jwtKeyFile: join(dataDir, 'short-key'), dataDir }))
  t.equal(short?.variable, 'JWT_KEY_FILE', 'a file under 32 bytes once trimmed')
  const missing = getConfigError(t, () => getSigningKey({ jwtKeyFile: join(dataDir, 'no-such-file'), dataDir }))
  t.equal(missing?.variable, 'JWT_KEY_FILE', 'an unreadable file')
  t.notOk(existsSync(join(dataDir, SIGNING_KEY_FILE)))
})

t.test('neither: a key generated once under DATA_DIR, private, and the same after a restart', async (t) => {
  const root = t.testdir({})
  const dataDir = join(root, 'not', 'yet', 'there')
  const first = getSigningKey({ dataDir })
  const path = join(dataDir, SIGNING_KEY_FILE)
  t.equal(first.length, 64)
  t.same(new Uint8Array(readFileSync(path)), first, 'the file holds the key')
  t.equal(statSync(path).mode & 0o777, 0o600, 'only the owner may read it')
  const second = getSigningKey({ dataDir })
  t.same(second, first, 'read back, not generated again')
  const token = await createAccessToken(first, 'user-1', 'user', Date.now())
  t.match(await verifyAccessToken(second, token, Date.now()), { userId: 'user-1' }, 'a token signed before the restart verifies after it')
  t.notSame(getSigningKey({ dataDir: join(root, 'other') }), first, 'another data directory has another key')
})

t.test('a damaged generated key stops the start instead of being replaced silently', async (t) => {
  const dataDir = t.testdir({ [SIGNING_KEY_FILE]: 'short' })
  t.throws(() => getSigningKey({ dataDir }), /delete it/)
  t.equal(readFileSync(join(dataDir, SIGNING_KEY_FILE), 'utf8'), 'short', 'left as it was')
})
