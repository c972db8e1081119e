/**
 * What the identity tests share: the service on a fresh database of one kind, a clock moved by
 * hand (no test sleeps), the invalidations it announced, and a check that a promise fails with a
 * given catalogue code.
 */
import { randomBytes } from 'node:crypto'
import type { Test } from 'tap'
import type { AuthInvalidation, IdentityService } from '../../accounts/contract/index.js'
import type { Database } from '../../accounts/db/database.js'
import { createIdentityService } from '../../accounts/identity-service.js'
import { getApiKeyHash } from '../../lib/api-key.js'
import { type ErrorCode, isServiceError } from '../../lib/errors.js'
import { createTestDatabase, type DatabaseKind } from '../helpers/database.js'

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS
/** 2031-05-04T10:00:00.000Z: far from the real clock, so nothing passes by accident of timing. */
export const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
export const PASSWORD = 'correct horse battery staple'

export interface IdentityFixture {
  identity: IdentityService
  db: Database
  signingKey: Uint8Array
  clock: { nowMs: number }
  invalidations: AuthInvalidation[]
  /** A fresh address for each call, so subtests sharing the database never collide. */
  createEmail(label?: string): string
  /** Registers a user; returns its id with the register answer. */
  register(label?: string): Promise<{ userId: string; email: string; token: string; refreshToken: string }>
  /** What the edge presents for a cleartext key. */
  authenticate(key: string): ReturnType<IdentityService['authenticateApiKey']>
}

/** The identity service on a migrated database of `kind`, starting at START_MS. */
export async function createIdentityFixture(t: Test, kind: DatabaseKind): Promise<IdentityFixture> {
  const db = await createTestDatabase(t, kind)
  const clock = { nowMs: START_MS }
  const invalidations: AuthInvalidation[] = []
  const signingKey = randomBytes(32)
  const identity = createIdentityService({
    db,
    signingKey,
    now: () => clock.nowMs,
    onInvalidate: (event) => invalidations.push(event),
  })
  let counter = 0
  const createEmail = (label = 'user') => `${label}-${++counter}@example.com`
  return {
    identity,
    db,
    signingKey,
    clock,
    invalidations,
    createEmail,
    async register(label) {
      const email = createEmail(label)
      const auth = await identity.register({ email, password: PASSWORD })
      const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL', [email])
      if (!row) throw new Error(`no live user ${email}`)
      return { userId: row.id, email, token: auth.token, refreshToken: auth.refresh_token }
    },
    authenticate: (key) => identity.authenticateApiKey(getApiKeyHash(key)),
  }
}

/** Asserts that `promise` rejects with a ServiceError of `code` (and `message`, when given). */
export async function assertFailsWith(
  t: Test,
  promise: Promise<unknown>,
  code: ErrorCode,
  message?: string | RegExp,
): Promise<Error | undefined> {
  const outcome = await promise.then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  if (outcome.ok) {
    t.fail(`expected ${code}, but it succeeded`)
    return undefined
  }
  const { error } = outcome
  if (!isServiceError(error, code)) {
    t.fail(`expected ${code}`, { found: error })
    return undefined
  }
  t.pass(`fails with ${code}`)
  if (message !== undefined) t.match(error.message, message)
  return error
}

export interface TableCounts {
  users: number
  refresh_tokens: number
  api_keys: number
  api_key_secrets: number
}

/** Row counts of the identity tables, to show a rejected or hostile request changed nothing. */
export async function getTableCounts(db: Database): Promise<TableCounts> {
  const [row] = await db.query<Record<keyof TableCounts, string>>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM refresh_tokens) AS refresh_tokens,
            (SELECT count(*) FROM api_keys) AS api_keys, (SELECT count(*) FROM api_key_secrets) AS api_key_secrets`,
  )
  if (!row) throw new Error('no counts')
  return {
    users: Number(row.users),
    refresh_tokens: Number(row.refresh_tokens),
    api_keys: Number(row.api_keys),
    api_key_secrets: Number(row.api_key_secrets),
  }
}
