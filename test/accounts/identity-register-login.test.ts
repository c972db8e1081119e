/** Register, login and the profile (docs/api.md#accounts-and-tokens), on every database kind. */
import t from 'tap'
import { verifyAccessToken } from '../../lib/access-token.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertFailsWith, createIdentityFixture, PASSWORD, START_MS } from './identity-fixtures.js'

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db, signingKey } = f

    t.test('register answers an AuthResponse whose access token names the new user', async (t) => {
      const auth = await identity.register({ email: '  Alice@Example.COM ', password: PASSWORD })
      t.equal(auth.token_type, 'Bearer')
      t.equal(auth.expires_in, 86_400)
      t.match(auth.refresh_token, /^pfr_[A-Za-z0-9_-]{43}$/)
      const claims = await verifyAccessToken(signingKey, auth.token, f.clock.nowMs)
      if (!claims) return t.fail('the access token does not verify')
      t.equal(claims.role, 'user')
      t.equal(claims.expiresAtMs, START_MS + 86_400_000)

      const user = await identity.getUser(claims.userId)
      t.same(user, {
        id: claims.userId,
        email: 'alice@example.com',
        name: null,
        role: 'user',
        email_verified: false,
        timezone: null,
        created_at: new Date(START_MS).toISOString(),
      })
      t.same(await identity.getUserState(claims.userId), { userId: claims.userId, role: 'user', active: true, hasCard: false })

      const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [claims.userId])
      t.match(row?.password_hash, /^\$argon2id\$v=19\$/, 'the password is stored as an argon2id hash')
      t.notMatch(row?.password_hash, PASSWORD)
    })

    t.test('login accepts the address in any case and spacing, and names the same user', async (t) => {
      const { userId, email } = await f.register('login')
      const auth = await identity.login({ email: `  ${email.toUpperCase()}\t`, password: PASSWORD })
      t.equal((await verifyAccessToken(signingKey, auth.token, f.clock.nowMs))?.userId, userId)
      t.match(auth.refresh_token, /^pfr_/)
    })

    t.test('a wrong password and an unknown address fail alike', async (t) => {
      const { email } = await f.register('secret')
      const wrong = await assertFailsWith(t, identity.login({ email, password: `${PASSWORD}!` }), 'invalid_credentials')
      const unknown = await assertFailsWith(
        t,
        identity.login({ email: 'nobody-at-all@example.com', password: PASSWORD }),
        'invalid_credentials',
      )
      const malformed = await assertFailsWith(t, identity.login({ email: 'not an address', password: PASSWORD }), 'invalid_credentials')
      t.ok(wrong && unknown && malformed)
      t.equal(wrong?.message, unknown?.message, 'the message does not tell whether the address exists')
      t.equal(malformed?.message, unknown?.message)
      t.notMatch(wrong?.message, email)
    })

    t.test('an address is taken whatever its case and spacing', async (t) => {
      const { email } = await f.register('taken')
      await assertFailsWith(t, identity.register({ email, password: PASSWORD }), 'email_taken')
      await assertFailsWith(t, identity.register({ email: ` ${email.toUpperCase()} `, password: 'another password' }), 'email_taken')
      const rows = await db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE email = $1', [email])
      t.equal(Number(rows[0]?.n), 1)
    })

    t.test('two registrations of one address at once make one account', async (t) => {
      const email = f.createEmail('race')
      const results = await Promise.allSettled([
        identity.register({ email, password: PASSWORD }),
        identity.register({ email: email.toUpperCase(), password: PASSWORD }),
      ])
      t.equal(results.filter((r) => r.status === 'fulfilled').length, 1)
      const rejected = results.find((r) => r.status === 'rejected')
      t.match((rejected as PromiseRejectedResult | undefined)?.reason, { code: 'email_taken' })
      const rows = await db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE email = $1', [email])
      t.equal(Number(rows[0]?.n), 1)
    })

    t.test('unknown users: getUser is unauthorized, getUserState is null', async (t) => {
      const unknown = '00000000-0000-4000-8000-000000000000'
      await assertFailsWith(t, identity.getUser(unknown), 'unauthorized')
      await assertFailsWith(t, identity.getUser('not-a-uuid'), 'unauthorized')
      t.equal(await identity.getUserState(unknown), null)
      t.equal(await identity.getUserState('not-a-uuid'), null)
    })
  })
}
