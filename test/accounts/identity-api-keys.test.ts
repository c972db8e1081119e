/**
 * API keys through every transition (docs/api.md#api-keys): create, list, rotate (the old secret
 * works for 24 hours more), revoke, expiry, and another user's key (always `not_found`).
 */
import t from 'tap'
import { getApiKeyHash } from '../../lib/api-key.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertFailsWith, createIdentityFixture, DAY_MS, HOUR_MS } from './identity-fixtures.js'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db, clock, invalidations } = f
    const alice = await f.register('alice')
    const bob = await f.register('bob')

    t.test('create answers the cleartext once and stores only its hash', async (t) => {
      const key = await identity.createApiKey(alice.userId, { name: '  deploy bot ' })
      if (!key.key) return t.fail('no cleartext key')
      t.match(key.key, /^pf_live_[1-9A-HJ-NP-Za-km-z]{43,44}$/)
      t.match(key, {
        name: 'deploy bot',
        prefix: 'pf_live_',
        last_four: key.key.slice(-4),
        requests_count: 0,
        last_used_at: null,
        expires_at: null,
        created_at: new Date(clock.nowMs).toISOString(),
      })
      t.same(await f.authenticate(key.key), { userId: alice.userId, role: 'user', apiKeyId: key.id, validUntilMs: null, hasCard: false })
      const secrets = await db.query<{ key_hash: string; prefix: string }>(
        'SELECT key_hash, prefix FROM api_key_secrets WHERE api_key_id = $1',
        [key.id],
      )
      t.same(secrets, [{ key_hash: getApiKeyHash(key.key), prefix: 'pf_live_' }])
      const [dump] = await db.query<{ text: string }>(
        `SELECT string_agg(row_to_json(k)::text || row_to_json(s)::text, '') AS text
         FROM api_keys k JOIN api_key_secrets s ON s.api_key_id = k.id`,
      )
      t.notMatch(dump?.text, key.key.slice('pf_live_'.length), 'the cleartext is nowhere in the tables')
      await identity.revokeApiKey(alice.userId, key.id)
    })

    t.test("list: the user's live keys, oldest first, never the cleartext", async (t) => {
      const first = await identity.createApiKey(bob.userId, { name: 'first' })
      clock.nowMs += 1000
      const second = await identity.createApiKey(bob.userId, { name: 'second' })
      clock.nowMs += 1000
      const revoked = await identity.createApiKey(bob.userId, { name: 'revoked' })
      await identity.revokeApiKey(bob.userId, revoked.id)
      const list = await identity.listApiKeys(bob.userId)
      t.same(
        list.map((key) => key.id),
        [first.id, second.id],
      )
      for (const key of list) t.notOk('key' in key, `no cleartext for ${key.name}`)
      const { key: _cleartext, ...firstWithoutKey } = first
      t.same(list[0], firstWithoutKey)
      t.notOk(
        (await identity.listApiKeys(alice.userId)).some((key) => key.id === first.id),
        "not in another user's list",
      )
      for (const key of [first, second]) await identity.revokeApiKey(bob.userId, key.id)
    })

    t.test('revoke: the key stops at once, and a second revoke is not_found', async (t) => {
      const key = await identity.createApiKey(alice.userId, { name: 'to revoke' })
      invalidations.length = 0
      await identity.revokeApiKey(alice.userId, key.id)
      t.same(invalidations, [{ kind: 'api_key', userId: alice.userId, apiKeyId: key.id }])
      t.equal(await f.authenticate(key.key as string), null)
      await assertFailsWith(t, identity.revokeApiKey(alice.userId, key.id), 'not_found')
      await assertFailsWith(t, identity.rotateApiKey(alice.userId, key.id), 'not_found')
      t.equal(invalidations.length, 1, 'failed calls announce nothing')
    })

    t.test('unknown and malformed ids are not_found', async (t) => {
      await assertFailsWith(t, identity.revokeApiKey(alice.userId, UNKNOWN_ID), 'not_found')
      await assertFailsWith(t, identity.rotateApiKey(alice.userId, UNKNOWN_ID), 'not_found')
      await assertFailsWith(t, identity.revokeApiKey(alice.userId, 'key-1'), 'not_found')
      await assertFailsWith(t, identity.rotateApiKey(alice.userId, `${UNKNOWN_ID}0`), 'not_found')
    })

    t.test("another user's key is not_found and untouched", async (t) => {
      const key = await identity.createApiKey(bob.userId, { name: 'bob only' })
      invalidations.length = 0
      const revoking = await assertFailsWith(t, identity.revokeApiKey(alice.userId, key.id), 'not_found')
      const unknown = await assertFailsWith(t, identity.revokeApiKey(alice.userId, UNKNOWN_ID), 'not_found')
      t.equal(revoking?.message, unknown?.message, 'indistinguishable from a key that does not exist')
      await assertFailsWith(t, identity.rotateApiKey(alice.userId, key.id), 'not_found')
      t.same(invalidations, [])
      t.equal((await f.authenticate(key.key as string))?.apiKeyId, key.id)
      const secrets = await db.query('SELECT 1 FROM api_key_secrets WHERE api_key_id = $1', [key.id])
      t.equal(secrets.length, 1, 'no secret was added')
      await identity.revokeApiKey(bob.userId, key.id)
    })

    t.test('rotate: a new secret; the old one works until now + 24 h, then not', async (t) => {
      const original = await identity.createApiKey(alice.userId, { name: 'rotating' })
      const rotatedAtMs = clock.nowMs
      invalidations.length = 0
      const rotated = await identity.rotateApiKey(alice.userId, original.id)
      t.same(invalidations, [{ kind: 'api_key', userId: alice.userId, apiKeyId: original.id }])
      t.equal(rotated.id, original.id)
      t.equal(rotated.name, 'rotating')
      t.not(rotated.key, original.key)
      t.equal(rotated.last_four, (rotated.key as string).slice(-4))
      t.equal((await identity.listApiKeys(alice.userId)).find((key) => key.id === original.id)?.last_four, rotated.last_four)

      t.same(await f.authenticate(original.key as string), {
        userId: alice.userId,
        role: 'user',
        apiKeyId: original.id,
        validUntilMs: rotatedAtMs + DAY_MS,
        hasCard: false,
      })
      t.equal((await f.authenticate(rotated.key as string))?.validUntilMs, null)
      clock.nowMs = rotatedAtMs + DAY_MS - 1
      t.ok(await f.authenticate(original.key as string), 'the old key works just before the 24 h end')
      clock.nowMs = rotatedAtMs + DAY_MS
      t.equal(await f.authenticate(original.key as string), null, 'and not at it')
      t.equal((await f.authenticate(rotated.key as string))?.apiKeyId, original.id)
      await identity.revokeApiKey(alice.userId, original.id)
    })

    t.test("rotating again does not extend an older secret's grace", async (t) => {
      const original = await identity.createApiKey(alice.userId, { name: 'twice' })
      const firstMs = clock.nowMs
      const second = await identity.rotateApiKey(alice.userId, original.id)
      clock.nowMs += HOUR_MS
      const third = await identity.rotateApiKey(alice.userId, original.id)
      t.equal((await f.authenticate(original.key as string))?.validUntilMs, firstMs + DAY_MS)
      t.equal((await f.authenticate(second.key as string))?.validUntilMs, clock.nowMs + DAY_MS)
      t.equal((await f.authenticate(third.key as string))?.validUntilMs, null)
      // Two rotations in one clock tick: the list still shows the newest secret.
      const fourth = await identity.rotateApiKey(alice.userId, original.id)
      const fifth = await identity.rotateApiKey(alice.userId, original.id)
      t.not(fourth.key, fifth.key)
      t.equal((await identity.listApiKeys(alice.userId)).find((key) => key.id === original.id)?.last_four, fifth.last_four)
      t.equal((await f.authenticate(fifth.key as string))?.validUntilMs, null)
      t.equal((await f.authenticate(fourth.key as string))?.validUntilMs, clock.nowMs + DAY_MS)
      await identity.revokeApiKey(alice.userId, original.id)
      for (const key of [original, second, third, fourth, fifth]) t.equal(await f.authenticate(key.key as string), null)
    })

    t.test('expires_at is honoured, through rotation too', async (t) => {
      const expiresAtMs = clock.nowMs + 2 * HOUR_MS
      const key = await identity.createApiKey(alice.userId, { name: 'short lived', expiresAtMs })
      t.equal(key.expires_at, new Date(expiresAtMs).toISOString())
      t.equal((await f.authenticate(key.key as string))?.validUntilMs, expiresAtMs)
      const rotated = await identity.rotateApiKey(alice.userId, key.id)
      t.equal((await f.authenticate(key.key as string))?.validUntilMs, expiresAtMs, 'the earlier of grace end and expiry')
      t.equal((await f.authenticate(rotated.key as string))?.validUntilMs, expiresAtMs)
      clock.nowMs = expiresAtMs - 1
      t.ok(await f.authenticate(rotated.key as string))
      clock.nowMs = expiresAtMs
      t.equal(await f.authenticate(rotated.key as string), null)
      t.equal(await f.authenticate(key.key as string), null)
      t.equal((await identity.listApiKeys(alice.userId)).find((item) => item.id === key.id)?.expires_at, key.expires_at, 'still listed')
    })

    t.test('a key hash that matches nothing authenticates nobody', async (t) => {
      t.equal(await identity.authenticateApiKey(getApiKeyHash('pf_live_nothing')), null)
      t.equal(await identity.authenticateApiKey(getApiKeyHash('pf_live_nothing').toUpperCase()), null)
    })

    t.test('createApiKey for a user who does not exist is unauthorized', async (t) => {
      await assertFailsWith(t, identity.createApiKey(UNKNOWN_ID, { name: 'ghost' }), 'unauthorized')
    })
  })
}
