/**
 * The authenticator through an outage of the user service's database (a TCP proxy cut in front of
 * it; the server keeps running): a key or a user it confirmed before is still served past the cache
 * TTL while refreshes fail with accounts_unavailable, up to `staleMaxMs`; an invalidation delivered
 * meanwhile removes it at once; an unknown key stays refused (accounts_unavailable, never a
 * principal); without `staleMaxMs` nothing is served past the TTL.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { createAuthenticator, type Principal } from '../../callers/authenticator.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { isServiceError } from '../../lib/errors.js'
import { createTestDatabaseBehindProxy } from '../helpers/database.js'
import { createTestUserService } from '../helpers/user-service.js'

const TTL_MS = 20
/** Longer than the TTL and a stale window of one TTL, so every cached answer is past both. */
const PAST_TTL_MS = 5 * TTL_MS

/** What authenticating rejects (or throws) with; undefined when it answers a principal. */
const getFailure = async (authenticate: () => Principal | Promise<Principal>): Promise<unknown> => {
  try {
    await authenticate()
    return undefined
  } catch (error) {
    return error
  }
}

t.test('authenticator through a database outage', async (t) => {
  const { db, proxy } = await createTestDatabaseBehindProxy(t)
  const users = await createTestUserService(t, { db })
  const { userService, signingKey, clock } = users
  const register = async (label: string) => {
    const { token } = await userService.register({
      email: `${label}-${process.pid}-${Date.now()}@example.com`,
      password: 'long enough password',
    })
    const userId = (await verifyAccessToken(signingKey, token, clock.nowMs))?.userId ?? ''
    const key = await userService.createApiKey(userId, { name: label })
    return { userId, token, apiKeyId: key.id, headers: { 'x-api-key': key.key as string }, bearer: { authorization: `Bearer ${token}` } }
  }
  const alice = await register('alice')
  const bob = await register('bob')
  let lookups = 0
  const counting = {
    authenticateApiKey: (hash: string) => {
      lookups++
      return userService.authenticateApiKey(hash)
    },
    getUserState: (userId: string) => userService.getUserState(userId),
  }
  const stale = createAuthenticator({ userService: counting, signingKey, now: clock.now, cacheTtlMs: TTL_MS, staleMaxMs: 60_000 })
  const strict = createAuthenticator({ userService: counting, signingKey, now: clock.now, cacheTtlMs: TTL_MS })
  // A stale window shorter than the outage.
  const bounded = createAuthenticator({ userService: counting, signingKey, now: clock.now, cacheTtlMs: TTL_MS, staleMaxMs: TTL_MS })
  for (const authenticator of [stale, strict, bounded]) {
    for (const caller of [alice, bob]) {
      await authenticator.authenticate(caller.headers, 'either')
      await authenticator.authenticate(caller.bearer, 'bearer')
    }
  }

  await proxy.cut()
  await sleep(PAST_TTL_MS)
  const before = lookups
  const first = stale.authenticate(alice.headers, 'either')
  t.ok(first instanceof Promise, 'past the TTL a key is looked up again')
  t.match(
    await first,
    { userId: alice.userId, apiKeyId: alice.apiKeyId },
    'the lookup fails with accounts_unavailable: the key it confirmed is served',
  )
  t.equal(lookups, before + 1, 'after one lookup that failed')
  t.notOk(stale.authenticate(alice.headers, 'either') instanceof Promise, 'from then on synchronously: no request waits on the outage')
  t.match(
    await stale.authenticate(alice.bearer, 'bearer'),
    { userId: alice.userId, apiKeyId: null },
    'a bearer token: its user, as confirmed before',
  )

  const strictFailure = await getFailure(() => strict.authenticate(alice.headers, 'either'))
  t.ok(isServiceError(strictFailure, 'accounts_unavailable'), 'staleMaxMs 0: past the TTL, the outage error', {
    got: String(strictFailure),
  })

  const expired = await getFailure(() => bounded.authenticate(alice.headers, 'either'))
  t.ok(isServiceError(expired, 'accounts_unavailable'), 'past the TTL and the stale window: the outage error', { got: String(expired) })

  const unknown = await getFailure(() => stale.authenticate({ 'x-api-key': `pf_live_${'1'.repeat(44)}` }, 'either'))
  t.ok(isServiceError(unknown, 'accounts_unavailable'), 'an unknown key: the outage error, never a principal', { got: String(unknown) })

  stale.invalidate({ kind: 'api_key', userId: bob.userId, apiKeyId: bob.apiKeyId })
  const revoked = await getFailure(() => stale.authenticate(bob.headers, 'either'))
  t.ok(isServiceError(revoked, 'accounts_unavailable'), 'a key invalidated during the outage is not served stale', { got: String(revoked) })
  stale.invalidate({ kind: 'user', userId: bob.userId })
  const deleted = await getFailure(() => stale.authenticate(bob.bearer, 'bearer'))
  t.ok(isServiceError(deleted, 'accounts_unavailable'), 'nor a user invalidated during it', { got: String(deleted) })
  t.match(await stale.authenticate(alice.headers, 'either'), { userId: alice.userId }, 'another user is unaffected')

  await proxy.restore()
  // Any answer of the user service ends the outage for the cache: here, an unknown key's refusal.
  const refusal = await getFailure(() => stale.authenticate({ 'x-api-key': `pf_live_${'2'.repeat(44)}` }, 'either'))
  t.ok(isServiceError(refusal, 'unauthorized'), 'the database back: an unknown key is refused as unknown again', { got: String(refusal) })
  const refreshed = lookups
  await sleep(PAST_TTL_MS)
  const answered = stale.authenticate(alice.headers, 'either')
  t.ok(answered instanceof Promise, 'once the user service answers again, an expired entry waits for its refresh as before')
  t.match(await answered, { userId: alice.userId })
  t.ok(lookups > refreshed, 'looked up')
  t.match(await stale.authenticate(bob.headers, 'either'), { userId: bob.userId }, 'an invalidated key is looked up, and valid')
})
