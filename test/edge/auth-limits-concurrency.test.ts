/**
 * The account routes' limits on a real listening edge, over real HTTP (fetch), under concurrent
 * requests from one client: no more attempts get through than the buckets hold, however the
 * requests interleave (the in-process LRU, or the Redis script when REDIS_URL is set). The clock
 * is injected and stands still, so no token comes back during the burst.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import type { UserService } from '../../accounts/contract/index.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestUserService } from '../helpers/user-service.js'
import { createTestAuthLimiter } from '../helpers/auth-limiter.js'
import { quietLogger } from '../helpers/stack.js'

// ~50 argon2 hashes on a loaded 2-core machine, on the embedded database.
t.setTimeout(180_000)

const PASSWORD = 'correct horse battery staple'

const unusedEngine: EngineClient = {
  watch: () => Promise.reject(createServiceError('engine_unavailable', 'this test never simulates')),
  simulate: () => Promise.reject(createServiceError('engine_unavailable', 'this test never simulates')),
  scanApprovals: () => Promise.reject(createServiceError('engine_unavailable', 'this test never scans')),
  execute: () => Promise.reject(createServiceError('engine_unavailable', 'this test never executes')),
  send: () => Promise.reject(createServiceError('engine_unavailable', 'this test never sends')),
  submit: () => Promise.reject(createServiceError('engine_unavailable', 'this test never submits')),
  getTips: () => Promise.reject(createServiceError('engine_unavailable', 'this test never read tipss')),
  getTransaction: () => Promise.reject(createServiceError('engine_unavailable', 'this test never tracks')),
  health: () => Promise.reject(createServiceError('engine_unavailable', 'this test never asks the engine')),
  close: async () => undefined,
  transport: 'in-process',
}

/** How many answers had each status, e.g. { 200: 10, 429: 15 }. */
function countStatuses(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

t.test('concurrent registrations and wrong passwords over HTTP never pass more than the buckets hold', async (t) => {
  const base = await createTestUserService(t)
  const calls = { register: 0, login: 0 }
  const userService: UserService = {
    ...base.userService,
    register: (credentials) => (calls.register++, base.userService.register(credentials)),
    login: (credentials) => (calls.login++, base.userService.login(credentials)),
  }
  const { limiter, kind } = createTestAuthLimiter(t)
  const app = createEdgeServer({
    engine: unusedEngine,
    userService,
    signingKey: base.signingKey,
    authLimiter: limiter,
    now: base.clock.now,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
  })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.close())
  const post = async (path: string, body: unknown): Promise<number> => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    return response.status
  }

  // The victim's account exists before the burst, made without the edge (no token of 127.0.0.1 spent).
  const victim = `victim-${process.pid}-${randomBytes(4).toString('hex')}@example.com`
  await base.userService.register({ email: victim, password: PASSWORD })

  const registrations = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      post('/auth/register', { email: `flood-${process.pid}-${i}-${randomBytes(4).toString('hex')}@example.com`, password: PASSWORD }),
    ),
  )
  t.strictSame(countStatuses(registrations), { 200: 10, 429: 15 }, `25 at once from one address: the burst of 10 passes, no more (${kind})`)
  t.equal(calls.register, 10, 'the 15 refused never reached accounts')

  const guesses = await Promise.all(
    Array.from({ length: 40 }, (_, i) => post('/auth/login', { email: victim, password: `guess number ${i}` })),
  )
  // 30 pass the address's bucket; of those, 5 pass the e-mail's.
  t.strictSame(countStatuses(guesses), { 401: 5, 429: 35 }, `40 guesses at once on one account: 5 are checked (${kind})`)
  t.equal(calls.login, 5, 'only 5 password checks ran')
})
