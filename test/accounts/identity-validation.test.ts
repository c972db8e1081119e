/**
 * Rejected input: each failure is a `validation_error` naming the field (never a database error),
 * and nothing is written.
 */
import t from 'tap'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertFailsWith, createIdentityFixture, getTableCounts, HOUR_MS, PASSWORD } from './identity-fixtures.js'

const TEN_KB = 'a'.repeat(10_240)

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db } = f
    const { userId, refreshToken } = await f.register('owner')
    const before = await getTableCounts(db)

    t.test('register: the address must look like one', async (t) => {
      for (const email of ['', 'plain', 'a@b', 'a b@example.com', '@example.com', 'a@@example.com', 'nul\u0000@example.com']) {
        await assertFailsWith(
          t,
          identity.register({ email, password: PASSWORD }),
          'validation_error',
          /^email: must be a valid email address$/,
        )
      }
      await assertFailsWith(t, identity.register({ email: 42 as unknown as string, password: PASSWORD }), 'validation_error', /^email: /)
    })

    t.test('register: the password has 8 to 1024 characters', async (t) => {
      const email = f.createEmail('short')
      await assertFailsWith(
        t,
        identity.register({ email, password: 'seven77' }),
        'validation_error',
        /^password: must be at least 8 characters$/,
      )
      await assertFailsWith(
        t,
        identity.register({ email, password: 'p'.repeat(1025) }),
        'validation_error',
        /^password: must be at most 1024 characters$/,
      )
      await assertFailsWith(t, identity.register({ email, password: null as unknown as string }), 'validation_error', /^password: /)
    })

    t.test('10 kB fields are validation errors, on register and login alike', async (t) => {
      const email = `${TEN_KB}@example.com`
      await assertFailsWith(
        t,
        identity.register({ email, password: PASSWORD }),
        'validation_error',
        /^email: must be at most 254 characters$/,
      )
      await assertFailsWith(t, identity.login({ email, password: PASSWORD }), 'validation_error', /^email: /)
      await assertFailsWith(t, identity.register({ email: f.createEmail(), password: TEN_KB }), 'validation_error', /^password: /)
      await assertFailsWith(t, identity.login({ email: f.createEmail(), password: TEN_KB }), 'validation_error', /^password: /)
      await assertFailsWith(
        t,
        identity.createApiKey(userId, { name: TEN_KB }),
        'validation_error',
        /^name: must be at most 100 characters$/,
      )
      await assertFailsWith(t, identity.refresh(`pfr_${TEN_KB}`), 'validation_error', /^refresh_token: /)
      t.equal(await identity.authenticateApiKey(TEN_KB), null)
    })

    t.test('an address of exactly 254 characters is accepted, 255 is not', async (t) => {
      const local = 'l'.repeat(64)
      const domain = (n: number) => `${'d'.repeat(n)}.example.com`
      const at254 = `${local}@${domain(254 - 64 - 1 - '.example.com'.length)}`
      t.equal(at254.length, 254)
      // Labels are at most 63 characters: split the long one.
      const valid = at254.replace(/d{60}/g, (run) => `${run.slice(0, 59)}.`)
      t.equal(valid.length, 254)
      await identity.register({ email: valid, password: PASSWORD })
      await assertFailsWith(t, identity.register({ email: `x${valid}`, password: PASSWORD }), 'validation_error', /at most 254/)
    })

    t.test('key names have 1 to 100 characters after trimming, and no control characters', async (t) => {
      await assertFailsWith(t, identity.createApiKey(userId, { name: '' }), 'validation_error', /^name: must not be empty$/)
      await assertFailsWith(t, identity.createApiKey(userId, { name: ' \t ' }), 'validation_error', /^name: must not be empty$/)
      await assertFailsWith(t, identity.createApiKey(userId, { name: 'n'.repeat(101) }), 'validation_error', /^name: /)
      await assertFailsWith(
        t,
        identity.createApiKey(userId, { name: 'nul\u0000byte' }),
        'validation_error',
        /^name: must not contain control/,
      )
      await assertFailsWith(t, identity.createApiKey(userId, { name: undefined as unknown as string }), 'validation_error', /^name: /)
      const key = await identity.createApiKey(userId, { name: `  ${'n'.repeat(100)}  ` })
      t.equal(key.name, 'n'.repeat(100), 'trimmed, and 100 characters are allowed')
      await identity.revokeApiKey(userId, key.id)
    })

    t.test('a key expiry must be a future instant', async (t) => {
      const nowMs = f.clock.nowMs
      await assertFailsWith(
        t,
        identity.createApiKey(userId, { name: 'past', expiresAtMs: nowMs - HOUR_MS }),
        'validation_error',
        /^expires_at: must be in the future$/,
      )
      await assertFailsWith(
        t,
        identity.createApiKey(userId, { name: 'now', expiresAtMs: nowMs }),
        'validation_error',
        /^expires_at: must be in the future$/,
      )
      await assertFailsWith(t, identity.createApiKey(userId, { name: 'nan', expiresAtMs: Number.NaN }), 'validation_error', /^expires_at: /)
      await assertFailsWith(t, identity.createApiKey(userId, { name: 'far', expiresAtMs: 1e20 }), 'validation_error', /^expires_at: /)
    })

    t.test('refresh tokens of the wrong shape are invalid, not errors', async (t) => {
      await assertFailsWith(t, identity.refresh(''), 'invalid_refresh_token')
      await assertFailsWith(t, identity.refresh(refreshToken.slice(0, -1)), 'invalid_refresh_token')
      await assertFailsWith(t, identity.refresh(`${refreshToken}\u0000`), 'invalid_refresh_token')
      await assertFailsWith(t, identity.refresh(undefined as unknown as string), 'validation_error', /^refresh_token: /)
    })

    t.test('key usage must name keys by uuid and count whole requests', async (t) => {
      const apiKeyId = '00000000-0000-4000-8000-000000000000'
      const at = f.clock.nowMs
      await assertFailsWith(
        t,
        identity.recordKeyUsage([{ apiKeyId: 'nope', count: 1, lastUsedAtMs: at }]),
        'validation_error',
        /^apiKeyId: /,
      )
      await assertFailsWith(t, identity.recordKeyUsage([{ apiKeyId, count: 0, lastUsedAtMs: at }]), 'validation_error', /^count: /)
      await assertFailsWith(t, identity.recordKeyUsage([{ apiKeyId, count: 1.5, lastUsedAtMs: at }]), 'validation_error', /^count: /)
      await assertFailsWith(
        t,
        identity.recordKeyUsage([{ apiKeyId, count: 1, lastUsedAtMs: Number.NaN }]),
        'validation_error',
        /^lastUsedAtMs: /,
      )
    })

    t.test('nothing was written by the rejected requests', async (t) => {
      const after = await getTableCounts(db)
      // The 254-character address registered (one user, one refresh token); the 100-character key
      // was created and revoked (one key, one secret).
      t.same(after, {
        users: before.users + 1,
        refresh_tokens: before.refresh_tokens + 1,
        api_keys: before.api_keys + 1,
        api_key_secrets: before.api_key_secrets + 1,
      })
    })
  })
}
