/**
 * Key usage flushed by the edges: additive and exact however many batches arrive at once, with
 * `last_used_at` only moving forward.
 */
import t from 'tap'
import type { ApiKey, KeyUsage } from '../../accounts/contract/index.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { createIdentityFixture } from './identity-fixtures.js'

for (const kind of getDatabaseKinds()) {
  t.test(kind, async (t) => {
    const f = await createIdentityFixture(t, kind)
    const { identity, db, clock } = f
    const { userId } = await f.register('usage')
    const getKey = async (id: string) => (await identity.listApiKeys(userId)).find((key) => key.id === id)

    t.test('1,000 requests in 100 concurrent batches of 10 count 1,000', async (t) => {
      const key = await identity.createApiKey(userId, { name: 'busy' })
      const baseMs = clock.nowMs
      // The latest request sits in a batch in the middle, so arrival order cannot explain the answer.
      const batches = Array.from({ length: 100 }, (_, batch) =>
        Array.from({ length: 10 }, (_, i): KeyUsage => ({
          apiKeyId: key.id,
          count: 1,
          lastUsedAtMs: baseMs + ((batch * 10 + i + 500) % 1000),
        })),
      )
      await Promise.all(batches.map((batch) => identity.recordKeyUsage(batch)))
      const listed = await getKey(key.id)
      t.equal(listed?.requests_count, 1000)
      t.equal(listed?.last_used_at, new Date(baseMs + 999).toISOString())
    })

    t.test('batches naming several keys in different orders at once neither deadlock nor lose counts', async (t) => {
      const keys: ApiKey[] = []
      for (const name of ['a', 'b', 'c', 'd']) keys.push(await identity.createApiKey(userId, { name }))
      const at = clock.nowMs
      // Each batch names the four keys rotated by its index (a, b, c, d / b, c, d, a / …).
      const batches = Array.from({ length: 100 }, (_, n) =>
        keys.map((_, i) => keys[(n + i) % keys.length]!).map((key): KeyUsage => ({ apiKeyId: key.id, count: 3, lastUsedAtMs: at })),
      )
      await Promise.all(batches.map((batch) => identity.recordKeyUsage(batch)))
      for (const key of keys) t.equal((await getKey(key.id))?.requests_count, 300, key.name)
    })

    t.test('a later flush adds, and an older timestamp does not move last_used_at back', async (t) => {
      const key = await identity.createApiKey(userId, { name: 'steady' })
      await identity.recordKeyUsage([{ apiKeyId: key.id, count: 7, lastUsedAtMs: clock.nowMs + 5000 }])
      await identity.recordKeyUsage([
        { apiKeyId: key.id, count: 3, lastUsedAtMs: clock.nowMs + 1000 },
        { apiKeyId: key.id, count: 4, lastUsedAtMs: clock.nowMs + 2000 },
      ])
      const listed = await getKey(key.id)
      t.equal(listed?.requests_count, 14, 'a key named twice in one batch counts both')
      t.equal(listed?.last_used_at, new Date(clock.nowMs + 5000).toISOString())
    })

    t.test('an unknown key is ignored, and an empty batch sends no query', async (t) => {
      const key = await identity.createApiKey(userId, { name: 'quiet' })
      await identity.recordKeyUsage([
        { apiKeyId: '00000000-0000-4000-8000-000000000000', count: 1, lastUsedAtMs: clock.nowMs },
        { apiKeyId: key.id, count: 1, lastUsedAtMs: clock.nowMs },
      ])
      t.equal((await getKey(key.id))?.requests_count, 1)
      const before = db.queryCount
      await identity.recordKeyUsage([])
      t.equal(db.queryCount, before)
    })
  })
}
