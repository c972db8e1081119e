/**
 * A Redis key prefix of a test's own, so tests and runs never share a bucket or a counter: its
 * keys are deleted when the test ends (a quota counter would otherwise live 13 h).
 */
import { randomUUID } from 'node:crypto'
import type { Test } from 'tap'
import { Redis } from 'ioredis'

/** A fresh `pf:test:<uuid>:` prefix for `test`, its keys on `redisUrl` deleted at its end. */
export function createTestKeyPrefix(test: Test, redisUrl: string): string {
  const keyPrefix = `pf:test:${randomUUID()}:`
  test.teardown(async () => {
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`${keyPrefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })
  return keyPrefix
}
