import t from 'tap'
import { ConfigError, readConfig } from '../../lib/config.js'
import { engineConfigSchema } from '../../engine/config.js'
import { edgeConfigSchema } from '../../edge/config.js'

t.test('defaults apply when the environment is empty, and the result is frozen', async (t) => {
  const config = readConfig(engineConfigSchema, {})
  t.same(config.rpcUrls, ['http://127.0.0.1:8899'])
  t.equal(config.rpcBatchSize, 100)
  t.ok(Object.isFrozen(config))
  t.equal(readConfig(edgeConfigSchema, {}).port, 8080)
})

t.test('values are parsed and checked', async (t) => {
  const config = readConfig(engineConfigSchema, { SOLANA_RPC_URLS: 'http://a:1, http://b:2', RPC_BATCH_SIZE: '50' })
  t.same(config.rpcUrls, ['http://a:1/', 'http://b:2/'])
  t.equal(config.rpcBatchSize, 50)
})

t.test('a wrong value names the variable and what is allowed', async (t) => {
  t.throws(() => readConfig(engineConfigSchema, { RPC_BATCH_SIZE: '101' }), { name: 'ConfigError', variable: 'RPC_BATCH_SIZE' })
  t.throws(() => readConfig(edgeConfigSchema, { PORT: 'eighty' }), /PORT.*integer from 0 to 65535/)
  t.throws(() => readConfig(engineConfigSchema, { SOLANA_RPC_URLS: 'not a url' }), ConfigError)
  t.throws(() => readConfig(edgeConfigSchema, { LOG_LEVEL: 'loud' }), /one of/)
})

t.test('internal tokens: unset, or long enough not to be guessed; the value never appears in the error', async (t) => {
  t.equal(readConfig(engineConfigSchema, {}).engineInternalToken, undefined)
  const token = 'a-token-of-exactly-32-characters'
  t.equal(token.length, 32)
  t.equal(readConfig(engineConfigSchema, { ENGINE_INTERNAL_TOKEN: ` ${token} ` }).engineInternalToken, token)
  const short = 'hunter2-hunter2-hunter2'
  const error = t.throws(() => readConfig(edgeConfigSchema, { ENGINE_INTERNAL_TOKEN: short }), {
    name: 'ConfigError',
    variable: 'ENGINE_INTERNAL_TOKEN',
  }) as Error
  t.notMatch(error.message, short, 'the short secret is not echoed')
  t.match(error.message, /at least 32 characters/)
})

t.test('a URL that does not parse is named by its place in the list, never echoed (it may carry a key)', async (t) => {
  const key = 'plantedkey0123456789'
  const list = t.throws(() => readConfig(engineConfigSchema, { SOLANA_RPC_URLS: `https://good.example/,https//typo.example/${key}` }), {
    name: 'ConfigError',
    variable: 'SOLANA_RPC_URLS',
  }) as Error
  t.match(list.message, /URL 2 of 2/)
  t.notMatch(list.message, key, 'the path token is not echoed')
  const single = t.throws(() => readConfig(engineConfigSchema, { REDIS_URL: `redis//:${key}@cache:6379` }), {
    name: 'ConfigError',
    variable: 'REDIS_URL',
  }) as Error
  t.notMatch(single.message, key, 'the password is not echoed')
})

t.test('a number field reads plain decimals within its range and refuses the rest', async (t) => {
  const schema = { share: { kind: 'number', env: 'SHARE', default: 0, min: 0, max: 1 } } as const
  t.equal(readConfig(schema, {}).share, 0, 'the default when unset')
  t.equal(readConfig(schema, { SHARE: '0.25' }).share, 0.25)
  t.equal(readConfig(schema, { SHARE: ' .5 ' }).share, 0.5)
  t.equal(readConfig(schema, { SHARE: '1' }).share, 1, 'the bound itself is allowed')
  for (const bad of ['1.01', '-0.1', 'half', '0x1', '1e-1', 'Infinity', 'NaN', '0.5.1']) {
    t.throws(() => readConfig(schema, { SHARE: bad }), { name: 'ConfigError', variable: 'SHARE', allowed: 'a number from 0 to 1' }, bad)
  }
})
