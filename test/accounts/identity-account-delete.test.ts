/**
 * Soft delete (`DELETE /auth/account`): every credential of the account stops at once,
 * its rows are kept, and its address is free for a new account.
 */
import t from 'tap'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertFailsWith, createIdentityFixture, PASSWORD } from './identity-fixtures.js'

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db, clock, invalidations } = f
    const bystander = await f.register('bystander')
    const bystanderKey = await identity.createApiKey(bystander.userId, { name: 'bystander key' })
    const gone = await f.register('gone')
    const key = await identity.createApiKey(gone.userId, { name: 'kept' })
    const rotated = await identity.rotateApiKey(gone.userId, key.id)
    const second = await identity.login({ email: gone.email, password: PASSWORD })
    await db.query(`INSERT INTO simulations (user_id, api_key_id, created_at, success, latency_ms) VALUES ($1, $2, $3, true, 12)`, [
      gone.userId,
      key.id,
      new Date(clock.nowMs),
    ])
    invalidations.length = 0
    clock.nowMs += 1000
    await identity.deleteUser(gone.userId)

    t.test('the edges are told', async (t) => {
      t.same(invalidations, [{ kind: 'user', userId: gone.userId }])
    })

    t.test('the user is gone for every credential', async (t) => {
      await assertFailsWith(t, identity.getUser(gone.userId), 'unauthorized')
      t.same(await identity.getUserState(gone.userId), { userId: gone.userId, role: 'user', active: false, hasCard: false })
      t.equal(await f.authenticate(key.key as string), null, 'the old secret, still inside its rotation grace')
      t.equal(await f.authenticate(rotated.key as string), null, 'the current secret')
      await assertFailsWith(t, identity.login({ email: gone.email, password: PASSWORD }), 'invalid_credentials')
      await assertFailsWith(t, identity.refresh(gone.refreshToken), 'invalid_refresh_token')
      await assertFailsWith(t, identity.refresh(second.refresh_token), 'invalid_refresh_token')
    })

    t.test('nothing more can be done as the deleted user', async (t) => {
      await assertFailsWith(t, identity.deleteUser(gone.userId), 'unauthorized')
      await assertFailsWith(t, identity.createApiKey(gone.userId, { name: 'late' }), 'unauthorized')
      await assertFailsWith(t, identity.rotateApiKey(gone.userId, key.id), 'not_found')
      await assertFailsWith(t, identity.revokeApiKey(gone.userId, key.id), 'not_found')
      t.same(await identity.listApiKeys(gone.userId), [])
      t.same(invalidations, [{ kind: 'user', userId: gone.userId }], 'no further announcements')
    })

    t.test("the rows are kept, marked deleted at the clock's time", async (t) => {
      const [user] = await db.query<{ deleted_at: Date }>('SELECT deleted_at FROM users WHERE id = $1', [gone.userId])
      t.equal(user?.deleted_at && new Date(user.deleted_at).getTime(), clock.nowMs)
      const keys = await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM api_keys WHERE user_id = $1', [gone.userId])
      t.same(keys, [{ revoked_at: null }], "the key row stays, unrevoked: the user's deletion is what stops it")
      t.equal((await db.query('SELECT 1 FROM api_key_secrets WHERE api_key_id = $1', [key.id])).length, 2)
      t.equal((await db.query('SELECT 1 FROM simulations WHERE user_id = $1', [gone.userId])).length, 1, 'history is kept')
      const live = await db.query('SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [gone.userId])
      t.equal(live.length, 0, 'every refresh token is revoked')
    })

    t.test('the address may register again, as a new account', async (t) => {
      const auth = await identity.register({ email: gone.email, password: 'a brand new password' })
      const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL', [gone.email])
      t.ok(row)
      t.not(row?.id, gone.userId)
      t.equal((await identity.getUser(row?.id as string)).email, gone.email)
      t.ok(await identity.refresh(auth.refresh_token))
      await assertFailsWith(t, identity.login({ email: gone.email, password: PASSWORD }), 'invalid_credentials')
      t.ok(await identity.login({ email: gone.email, password: 'a brand new password' }))
      t.same(await identity.listApiKeys(row?.id as string), [], 'the old keys do not come back')
      t.equal(await f.authenticate(rotated.key as string), null)
    })

    t.test('other users are untouched', async (t) => {
      t.equal((await identity.getUser(bystander.userId)).email, bystander.email)
      t.equal((await f.authenticate(bystanderKey.key as string))?.userId, bystander.userId)
      t.ok(await identity.refresh(bystander.refreshToken))
    })
  })
}
