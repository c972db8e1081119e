import t from 'tap'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { userServiceConfigSchema } from '../../accounts/config.js'
import { startUserService } from '../../accounts/start-user-service.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { ConfigError, readConfig } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { startTcpProxy } from '../helpers/tcp-proxy.js'

const logger = createLogger('test', 'silent')
const credentials = { email: 'restart@example.com', password: 'correct horse battery staple' }

t.test('the configuration: defaults, and a bad port stops the boot naming its variable', async (t) => {
  t.strictSame(
    { ...readConfig(userServiceConfigSchema, {}) },
    {
      databaseUrl: undefined,
      databaseQueryTimeoutMs: 10_000,
      databasePoolMax: 10,
      dataDir: './data',
      jwtSecret: undefined,
      jwtKeyFile: undefined,
      redisUrl: undefined,
      internalToken: undefined,
      grpcHost: '127.0.0.1',
      grpcPort: 50052,
      webhookAllowPrivateUrls: false,
      webhookRetryBaseMs: 30_000,
      webhookLeaseMs: 30_000,
      webhookConcurrency: 32,
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      stripePriceId: undefined,
      stripeMeterEventName: 'preflight_usage',
      stripeApiUrl: undefined,
      billingSuccessUrl: undefined,
      billingCancelUrl: undefined,
      billingPortalReturnUrl: undefined,
      billingSolEur: 150,
      billingReportIntervalMs: 60_000,
      billingReportLeaseMs: 120_000,
      logLevel: 'info',
      logFormat: 'auto',
    },
  )
  t.throws(() => readConfig(userServiceConfigSchema, { BILLING_SOL_EUR: '0' }), { name: 'ConfigError', variable: 'BILLING_SOL_EUR' })
  t.throws(() => readConfig(userServiceConfigSchema, { ACCOUNTS_GRPC_PORT: '70000' }), {
    name: 'ConfigError',
    variable: 'ACCOUNTS_GRPC_PORT',
  })
  t.throws(() => readConfig(userServiceConfigSchema, { WEBHOOK_RETRY_BASE_MS: '1' }), {
    name: 'ConfigError',
    variable: 'WEBHOOK_RETRY_BASE_MS',
  })
  t.throws(
    () => readConfig(userServiceConfigSchema, { WEBHOOK_LEASE_MS: '5000' }),
    { name: 'ConfigError', variable: 'WEBHOOK_LEASE_MS' },
    'a lease no longer than the 5 s POST timeout would let a second worker send a delivery still in flight',
  )
  t.throws(() => readConfig(userServiceConfigSchema, { REDIS_URL: 'not a url' }), { name: 'ConfigError', variable: 'REDIS_URL' })
  const shortToken = 'x'.repeat(31)
  t.throws(
    () => readConfig(userServiceConfigSchema, { ACCOUNTS_INTERNAL_TOKEN: shortToken }),
    { name: 'ConfigError', variable: 'ACCOUNTS_INTERNAL_TOKEN', got: '31 characters' },
    'a guessable internal token stops the boot, and the error does not repeat it',
  )
})

t.test(
  'PostgreSQL: an accounts process opens at most DATABASE_POOL_MAX connections',
  { skip: process.env.DATABASE_URL ? false : 'DATABASE_URL is not set' },
  async (t) => {
    const url = new URL(process.env.DATABASE_URL as string)
    const peakWith = async (poolMax: string) => {
      // A proxy in front of the server counts the connections the pool opens.
      const proxy = await startTcpProxy(t, { host: url.hostname, port: Number(url.port || 5432) })
      const proxied = new URL(url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(proxy.port)
      const config = readConfig(userServiceConfigSchema, {
        DATABASE_URL: proxied.href,
        DATABASE_POOL_MAX: poolMax,
        JWT_SECRET: 'a-test-secret-of-at-least-32-bytes!!',
      })
      const started = await startUserService(config, logger)
      try {
        // Twelve lookups at once: a pool below twelve makes them queue for its connections.
        await Promise.all(Array.from({ length: 12 }, () => started.userService.getUserState(randomUUID())))
        return proxy.peakConnections
      } finally {
        await started.close()
      }
    }
    const limited = await peakWith('2')
    t.ok(limited >= 1 && limited <= 2, `DATABASE_POOL_MAX=2: ${limited} connections at most`)
    const wider = await peakWith('8')
    t.ok(wider > 2, `DATABASE_POOL_MAX=8 lets the same burst open more (${wider}): the bound above is the setting's`)
  },
)

t.test('embedded: users and the generated signing key survive a restart on the same DATA_DIR', async (t) => {
  const dataDir = t.testdir({})
  const config = readConfig(userServiceConfigSchema, { DATA_DIR: dataDir })
  const first = await startUserService(config, logger)
  let token: string
  try {
    token = (await first.userService.register(credentials)).token
  } finally {
    await first.close()
  }
  t.ok(existsSync(join(dataDir, 'pglite')), 'the embedded database lives under DATA_DIR/pglite')

  const second = await startUserService(config, logger)
  t.teardown(() => second.close())
  t.same(second.signingKey, first.signingKey, 'the same key after the restart')
  const claims = await verifyAccessToken(second.signingKey, token, Date.now())
  t.ok(claims, 'a token issued before the restart still verifies')
  const login = await second.userService.login(credentials)
  t.equal((await verifyAccessToken(second.signingKey, login.token, Date.now()))?.userId, claims?.userId, 'the user is still there')
})

t.test('a short JWT_SECRET stops the start before any database is created', async (t) => {
  const dataDir = t.testdir({})
  const config = readConfig(userServiceConfigSchema, { DATA_DIR: dataDir, JWT_SECRET: 'too short' })
  await t.rejects(startUserService(config, logger), new ConfigError('JWT_SECRET', 'at least 32 bytes', '9 bytes'))
  t.strictSame(readdirSync(dataDir), [], 'nothing written under DATA_DIR')
})

t.test('half a billing setup stops the start before any database is created, naming what is missing', async (t) => {
  const dataDir = t.testdir({})
  const key = { DATA_DIR: dataDir, STRIPE_SECRET_KEY: 'sk_test_a_key_of_some_length' }
  await t.rejects(startUserService(readConfig(userServiceConfigSchema, key), logger), {
    name: 'ConfigError',
    variable: 'STRIPE_WEBHOOK_SECRET',
  })
  await t.rejects(startUserService(readConfig(userServiceConfigSchema, { ...key, STRIPE_WEBHOOK_SECRET: 'whsec_a_secret' }), logger), {
    name: 'ConfigError',
    variable: 'STRIPE_PRICE_ID',
  })
  t.notOk(existsSync(join(dataDir, 'pglite')), 'no database was created')
})
