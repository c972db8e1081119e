/**
 * SQL in every text input is data: it is stored or compared literally, or rejected as malformed,
 * and the tables are intact afterwards.
 */
import t from 'tap'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertFailsWith, createIdentityFixture, getTableCounts, PASSWORD } from './identity-fixtures.js'

const INJECTIONS = [`' OR 1=1 --`, `'; DROP TABLE users; --`, `x'); DELETE FROM api_keys; --`, `1; TRUNCATE refresh_tokens`]

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db } = f
    const victim = await f.register('victim')
    const victimKey = await identity.createApiKey(victim.userId, { name: 'victim key' })
    const before = await getTableCounts(db)

    t.test('an address and a password holding SQL are stored and compared literally', async (t) => {
      const email = `o'brien'--@example.com`
      const password = `' OR 1=1 --`
      const auth = await identity.register({ email, password })
      t.ok(auth.token)
      t.ok(await identity.login({ email, password }), 'the exact password logs in')
      await assertFailsWith(t, identity.login({ email, password: `' OR '1'='1` }), 'invalid_credentials')
      await assertFailsWith(t, identity.login({ email: `o'brien'--@example.com' OR '1'='1`, password }), 'invalid_credentials')
    })

    t.test('SQL as the address or password of login and register', async (t) => {
      for (const text of INJECTIONS) {
        await assertFailsWith(t, identity.register({ email: text, password: PASSWORD }), 'validation_error')
        await assertFailsWith(t, identity.login({ email: text, password: PASSWORD }), 'invalid_credentials')
        await assertFailsWith(t, identity.login({ email: victim.email, password: text }), 'invalid_credentials')
      }
    })

    t.test('SQL as a key name is the name', async (t) => {
      for (const name of INJECTIONS) {
        const key = await identity.createApiKey(victim.userId, { name })
        t.equal(key.name, name)
        await identity.revokeApiKey(victim.userId, key.id)
      }
      const names = (await identity.listApiKeys(victim.userId)).map((key) => key.name)
      t.same(names, ['victim key'])
    })

    t.test('SQL as a key id, a user id, a refresh token or a key hash finds nothing', async (t) => {
      for (const text of INJECTIONS) {
        await assertFailsWith(t, identity.revokeApiKey(victim.userId, text), 'not_found')
        await assertFailsWith(t, identity.rotateApiKey(victim.userId, text), 'not_found')
        await assertFailsWith(t, identity.revokeApiKey(text, victimKey.id), 'not_found')
        await assertFailsWith(t, identity.refresh(text), 'invalid_refresh_token')
        await assertFailsWith(t, identity.getUser(text), 'unauthorized')
        await assertFailsWith(t, identity.deleteUser(text), 'unauthorized')
        await assertFailsWith(t, identity.createApiKey(text, { name: 'x' }), 'unauthorized')
        await assertFailsWith(t, identity.recordKeyUsage([{ apiKeyId: text, count: 1, lastUsedAtMs: f.clock.nowMs }]), 'validation_error')
        t.equal(await identity.getUserState(text), null)
        t.same(await identity.listApiKeys(text), [])
        t.equal(await identity.authenticateApiKey(text), null)
      }
    })

    t.test('the tables are intact and the victim unharmed', async (t) => {
      const after = await getTableCounts(db)
      // One user registered (with one refresh token, and one more from its login); four keys made
      // and revoked.
      t.same(after, {
        users: before.users + 1,
        refresh_tokens: before.refresh_tokens + 2,
        api_keys: before.api_keys + INJECTIONS.length,
        api_key_secrets: before.api_key_secrets + INJECTIONS.length,
      })
      t.equal((await f.authenticate(victimKey.key as string))?.apiKeyId, victimKey.id)
      t.equal((await identity.getUser(victim.userId)).email, victim.email)
      t.ok(await identity.refresh(victim.refreshToken))
      const revoked = await db.query<{ n: string }>('SELECT count(*) AS n FROM api_keys WHERE revoked_at IS NOT NULL')
      t.equal(Number(revoked[0]?.n), INJECTIONS.length, 'only the keys revoked on purpose are revoked')
    })
  })
}
