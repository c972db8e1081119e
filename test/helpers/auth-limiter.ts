/**
 * The account routes' limiter for a test: Redis when REDIS_URL is set (a random key prefix, its
 * keys deleted afterwards, so runs never share buckets), else in-process; closed with the test.
 */
import type { Test } from 'tap'
import type { KeyedLimiter } from '../../lib/limits/keyed-limiter.js'
import { createInProcessKeyedLimiter } from '../../lib/limits/in-process-keyed-limiter.js'
import { createRedisKeyedLimiter } from '../../lib/limits/redis-keyed-limiter.js'
import { createTestKeyPrefix } from './redis-key-prefix.js'
import { quietLogger } from './stack.js'

/** Creates the limiter; `kind` says which store it uses. */
export function createTestAuthLimiter(t: Test): { limiter: KeyedLimiter; kind: 'redis' | 'in-process' } {
  const redisUrl = process.env.REDIS_URL
  if (!redisUrl) {
    const limiter = createInProcessKeyedLimiter()
    t.teardown(() => limiter.close())
    return { limiter, kind: 'in-process' }
  }
  const keyPrefix = createTestKeyPrefix(t, redisUrl)
  // A loaded CI machine can take Redis past the production 200 ms fail-open timeout; the tests are
  // about the limits, so they wait for Redis instead of failing open.
  const limiter = createRedisKeyedLimiter({ redisUrl, keyPrefix, commandTimeoutMs: 5_000, logger: quietLogger })
  t.teardown(() => limiter.close())
  return { limiter, kind: 'redis' }
}
