/**
 * The edge's authenticator on a real user service: concurrent misses share one lookup, warm
 * answers cost no query, unknown keys are remembered briefly, and a `kind: 'all'` invalidation (a
 * bus that may have missed events) makes every credential be looked up again.
 */
import t from 'tap'
import { getApiKeyHash } from '../../lib/api-key.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { createAuthenticator } from '../../callers/authenticator.js'
import { isServiceError } from '../../lib/errors.js'
import { createTestUserService } from '../helpers/user-service.js'

t.test('authenticator caching', async (t) => {
  const { userService, db, signingKey, clock } = await createTestUserService(t)
  const { token } = await userService.register({ email: `cache-${process.pid}@example.com`, password: 'long enough password' })
  const claims = await verifyAccessToken(signingKey, token, clock.nowMs)
  const user = await userService.getUser(claims?.userId ?? '')
  const key = await userService.createApiKey(user.id, { name: 'cache test' })
  const used: string[] = []
  const authenticator = createAuthenticator({ userService, signingKey, now: clock.now, onApiKeyUse: (id) => used.push(id) })
  const byKey = { 'x-api-key': key.key as string }
  const byToken = { authorization: `Bearer ${token}` }

  const before = db.queryCount
  const first = await Promise.all(Array.from({ length: 20 }, () => authenticator.authenticate(byKey, 'either')))
  t.equal(db.queryCount - before, 1, '20 concurrent first uses of a key: one lookup')
  t.same(first[0], { userId: user.id, role: 'user', apiKeyId: key.id, hasCard: false })
  const warm = authenticator.authenticate(byKey, 'either')
  t.notOk(warm instanceof Promise, 'a warm key answers without a promise')
  await Promise.all(Array.from({ length: 5 }, () => authenticator.authenticate(byToken, 'bearer')))
  t.equal(db.queryCount - before, 2, 'and a token: one user-state lookup')
  t.notOk(authenticator.authenticate(byToken, 'bearer') instanceof Promise, 'a warm token answers without a promise')
  t.equal(used.length, 21, 'every key use is counted')

  // An unknown key is asked once, then refused from memory.
  const unknown = { 'x-api-key': 'pf_live_' + 'x'.repeat(44) }
  const unknownBefore = db.queryCount
  for (let i = 0; i < 3; i++) {
    try {
      await authenticator.authenticate(unknown, 'either')
      t.fail('an unknown key must be refused')
    } catch (error) {
      t.ok(isServiceError(error, 'unauthorized'), 'unauthorized')
    }
  }
  t.equal(db.queryCount - unknownBefore, 1, 'three uses of an unknown key: one lookup')
  t.equal(getApiKeyHash(byKey['x-api-key']).length, 64, 'hashes are SHA-256 hex')

  authenticator.invalidate({ kind: 'all' })
  const afterAll = db.queryCount
  t.ok(authenticator.authenticate(byKey, 'either') instanceof Promise, 'after "all", the key is looked up again')
  await authenticator.authenticate(byKey, 'either')
  await authenticator.authenticate(byToken, 'bearer')
  t.equal(db.queryCount - afterAll, 2, 'one lookup for the key, one for the user')
})
