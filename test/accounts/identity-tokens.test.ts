/**
 * Access and refresh tokens: lifetimes on the injected clock (24 hours / 30 days),
 * rotation within a family, reuse detection, and concurrent use of one refresh token.
 */
import { createHash } from 'node:crypto'
import t from 'tap'
import { verifyAccessToken } from '../../lib/access-token.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertFailsWith, createIdentityFixture, DAY_MS, PASSWORD } from './identity-fixtures.js'

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db, signingKey, clock } = f
    const getFamilies = async (userId: string) =>
      (await db.query<{ family_id: string }>('SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = $1', [userId])).map(
        (row) => row.family_id,
      )

    t.test('an access token is valid for 24 hours', async (t) => {
      const { userId, token } = await f.register('access')
      const issuedMs = clock.nowMs
      t.equal((await verifyAccessToken(signingKey, token, issuedMs + DAY_MS - 1000))?.userId, userId)
      t.equal(await verifyAccessToken(signingKey, token, issuedMs + DAY_MS), null)
    })

    t.test('a refresh token is valid for 30 days', async (t) => {
      const { email } = await f.register('lifetime')
      const startMs = clock.nowMs
      const first = await identity.login({ email, password: PASSWORD })
      const second = await identity.login({ email, password: PASSWORD })
      clock.nowMs = startMs + 30 * DAY_MS - 1
      const refreshed = await identity.refresh(first.refresh_token)
      t.ok(await verifyAccessToken(signingKey, refreshed.token, clock.nowMs), 'a fresh access token at the new time')
      clock.nowMs = startMs + 30 * DAY_MS
      await assertFailsWith(t, identity.refresh(second.refresh_token), 'invalid_refresh_token')
      t.ok(await identity.refresh(refreshed.refresh_token), 'the rotated token counts its 30 days from its own issue')
      clock.nowMs = startMs
    })

    t.test('each use spends the token and issues the next one of the same family', async (t) => {
      const { userId, refreshToken: first } = await f.register('rotate')
      const second = await identity.refresh(first)
      const third = await identity.refresh(second.refresh_token)
      t.not(second.refresh_token, first)
      t.not(third.refresh_token, second.refresh_token)
      t.equal((await verifyAccessToken(signingKey, third.token, clock.nowMs))?.userId, userId)
      t.equal((await getFamilies(userId)).length, 1, 'one family')
      const rows = await db.query<{ spent: boolean }>(
        'SELECT spent_at IS NOT NULL AS spent FROM refresh_tokens WHERE user_id = $1 ORDER BY spent_at NULLS LAST',
        [userId],
      )
      t.same(
        rows.map((row) => row.spent),
        [true, true, false],
      )
      const hashes = await db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE user_id = $1', [userId])
      const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
      t.ok(
        hashes.some((row) => row.token_hash === sha256(first)),
        'the first token is stored as its SHA-256',
      )
      t.notOk(
        hashes.some((row) => [first, third.refresh_token].includes(row.token_hash)),
        'never in cleartext',
      )
    })

    t.test('login and register start new families', async (t) => {
      const { userId, email } = await f.register('families')
      await identity.login({ email, password: PASSWORD })
      await identity.login({ email, password: PASSWORD })
      t.equal((await getFamilies(userId)).length, 3)
    })

    t.test('reusing a spent token revokes its whole family, and only that family', async (t) => {
      const { userId, email, refreshToken: first } = await f.register('reuse')
      const other = await identity.login({ email, password: PASSWORD })
      const second = await identity.refresh(first)
      await assertFailsWith(t, identity.refresh(first), 'invalid_refresh_token')
      await assertFailsWith(t, identity.refresh(second.refresh_token), 'invalid_refresh_token', /unknown, expired, spent or revoked/)
      t.ok(await identity.refresh(other.refresh_token), 'the other family still works')
      const revoked = await db.query<{ n: string }>(
        'SELECT count(*) AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NOT NULL',
        [userId],
      )
      t.equal(Number(revoked[0]?.n), 2, 'both tokens of the reused family are revoked')
    })

    t.test('of concurrent uses of one token exactly one succeeds', async (t) => {
      const { refreshToken } = await f.register('concurrent')
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => identity.refresh(refreshToken)))
      const fulfilled = results.filter(
        (r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof identity.refresh>>> => r.status === 'fulfilled',
      )
      t.equal(fulfilled.length, 1)
      for (const result of results) {
        if (result.status === 'rejected') t.match(result.reason, { code: 'invalid_refresh_token' })
      }
      // The losers presented a spent token: a reuse, so the winner's family is revoked as well.
      const winner = fulfilled[0]?.value.refresh_token
      if (winner) await assertFailsWith(t, identity.refresh(winner), 'invalid_refresh_token')
    })

    t.test('an unknown token of the right shape is invalid', async (t) => {
      await assertFailsWith(t, identity.refresh(`pfr_${'A'.repeat(43)}`), 'invalid_refresh_token')
    })
  })
}
