/**
 * `npm run start:accounts` as an operator runs it: the real accounts process on embedded defaults
 * and a free port, called over gRPC by the edge's client, then SIGTERM and a clean exit. With
 * REDIS_URL, a deleted user's invalidation must arrive on the Redis bus edges listen to.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import type { AuthInvalidation } from '../../accounts/contract/index.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { createRedisInvalidationBus } from '../../lib/redis-invalidation-bus.js'
import { getFreePort } from '../../lib/free-port.js'
import { isServiceError } from '../../lib/errors.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { isRunning, waitForExit } from '../helpers/service-process.js'
import { isListening } from '../helpers/split-service-processes.js'

// A first start on a fresh DATA_DIR creates the embedded database (initdb in WebAssembly, then the
// migrations): seconds alone, past 30 s once on a CI machine running the suite's files beside it.
// Not a speed bound: the file gets room for the boot, the calls and the drain.
t.setTimeout(180_000)

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BOOT_LIMIT_MS = 90_000
const EXIT_LIMIT_MS = 10_000
const JWT_SECRET = 'an-e2e-secret-of-at-least-32-bytes!'

t.test('the accounts process serves gRPC on its own and drains on SIGTERM', async (t) => {
  const port = await getFreePort()
  const redisUrl = process.env.REDIS_URL
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: t.testdir({}),
    ACCOUNTS_GRPC_PORT: String(port),
    ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
  }
  // Embedded PostgreSQL: a DATABASE_URL here would migrate the shared test database's public schema.
  delete env.DATABASE_URL
  delete env.JWT_KEY_FILE
  delete env.ACCOUNTS_GRPC_HOST

  const received: AuthInvalidation[] = []
  if (redisUrl) {
    const bus = await createRedisInvalidationBus(redisUrl)
    bus.subscribe((event) => received.push(event))
    t.teardown(() => bus.close())
  }

  const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, ['accounts/main.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  t.teardown(async () => {
    if (child.pid !== undefined && isRunning(child)) {
      process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 2_000)
    }
  })

  const bootStarted = Date.now()
  let up = false
  while (Date.now() - bootStarted < BOOT_LIMIT_MS && isRunning(child) && !(up = await isListening(port))) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!t.ok(up, `the gRPC port opens within ${BOOT_LIMIT_MS} ms`, { output: output.slice(-4000), exitCode: child.exitCode })) return

  const stranger = createGrpcUserServiceClient(`127.0.0.1:${port}`, { internalToken: 'not-the-token-but-just-as-long-as-it' })
  const refused = await stranger
    .register({ email: 'stranger@example.com', password: 'correct horse battery staple' })
    .catch((error: unknown) => error)
  await stranger.close()
  t.ok(isServiceError(refused, 'unauthorized'), 'a caller without the internal token is refused', { refused })

  const client = createGrpcUserServiceClient(`127.0.0.1:${port}`, { internalToken: TEST_INTERNAL_TOKEN })
  try {
    const credentials = { email: 'e2e@example.com', password: 'correct horse battery staple' }
    const auth = await client.register(credentials)
    const claims = await verifyAccessToken(new TextEncoder().encode(JWT_SECRET), auth.token, Date.now())
    t.ok(claims, 'the token is signed with JWT_SECRET')
    const userId = claims?.userId as string
    t.match(await client.getUser(userId), { id: userId, email: credentials.email, name: null })
    await client.deleteUser(userId)
    t.strictSame(await client.getUserState(userId), { userId, role: 'user', active: false, hasCard: false })
    if (redisUrl) {
      const deadline = Date.now() + 2_000
      while (Date.now() < deadline && !received.some((event) => 'userId' in event && event.userId === userId))
        await new Promise((resolve) => setTimeout(resolve, 20))
      t.strictSame(
        received.filter((event) => 'userId' in event && event.userId === userId),
        [{ kind: 'user', userId }],
        'the deletion reached the Redis bus',
      )
    }
  } finally {
    await client.close()
  }

  t.ok(child.kill('SIGTERM'), 'SIGTERM delivered')
  const exit = await waitForExit(child, EXIT_LIMIT_MS)
  t.same(exit, { code: 0, signal: null }, 'exit code 0 after the drain', { output: output.slice(-4000) })
  t.notMatch(output, /shutdown failed|unhandled|"level":50/, 'no error logged', { output: output.slice(-4000) })
  t.notOk(await isListening(port), 'the port is released')
})
