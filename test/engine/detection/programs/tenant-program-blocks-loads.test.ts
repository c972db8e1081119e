/**
 * The loads behind the engine's cache of tenants' program blocks, on real user services: misses
 * for one tenant share one load, an invalidation during a load keeps its answer out of the cache,
 * the tenants kept are bounded, and failures reach the request as catalogue errors — over gRPC to
 * a stopped accounts server and in-process on an unreachable database — while a failed background
 * reload keeps serving the old list.
 */
import t from 'tap'
import { createUserService } from '../../../../accounts/create-user-service.js'
import { createDatabase } from '../../../../accounts/db/database.js'
import { startUserServiceServer } from '../../../../accounts/server.js'
import { TEST_INTERNAL_TOKEN } from '../../../helpers/internal-token.js'
import { createGrpcUserServiceClient } from '../../../../accounts/user-service-client.js'
import { createTenantProgramBlocks } from '../../../../engine/detection/programs/tenant-program-blocks.js'
import { isServiceError } from '../../../../lib/errors.js'
import { getFreePort } from '../../../../lib/free-port.js'
import { createTestUserService, createTestClock } from '../../../helpers/user-service.js'
import { JUPITER_V6, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../accounts/program-block-fixtures.js'
import { createCountedLoad, createTenants, toKey } from './tenant-program-blocks-fixtures.js'

const START_MS = Date.parse('2031-05-04T10:00:00.000Z')

/** The catalogue code a promise rejects with, or 'resolved'. */
async function getRejectionCode(work: unknown): Promise<string> {
  try {
    await work
    return 'resolved'
  } catch (error) {
    return isServiceError(error) ? error.code : `not a catalogue error: ${String(error)}`
  }
}

t.test('tenant program blocks: loads', async (t) => {
  const users = await createTestUserService(t)
  const { userService } = users
  const tenants = await createTenants(users, 4)
  const [alice, bob, carol, dave] = tenants as [string, string, string, string]
  await userService.setProgramBlocks(alice, [TOKEN_PROGRAM])
  await userService.setProgramBlocks(bob, [JUPITER_V6])
  await userService.setProgramBlocks(carol, [SYSTEM_PROGRAM])

  t.test('concurrent misses for one tenant share one load', async (t) => {
    const counted = createCountedLoad(userService)
    const blocks = createTenantProgramBlocks({ load: counted.load })
    t.teardown(() => blocks.close())
    const pending = Array.from({ length: 20 }, () => blocks.get(alice))
    t.ok(
      pending.every((p) => p instanceof Promise),
      'each is a promise',
    )
    const sets = await Promise.all(pending)
    t.equal(counted.count, 1, 'one load for 20 requests')
    t.ok(
      sets.every((set) => set === sets[0]),
      'all get the same set',
    )
    t.strictSame([...(sets[0] ?? [])], [toKey(TOKEN_PROGRAM)])
    await Promise.all([blocks.get(bob), blocks.get(carol)])
    t.equal(counted.count, 3, 'other tenants load apart')
  })

  t.test('an invalidation during a load keeps its answer out of the cache', async (t) => {
    const counted = createCountedLoad(userService)
    const blocks = createTenantProgramBlocks({ load: counted.load })
    t.teardown(() => blocks.close())
    const inFlight = blocks.get(alice)
    blocks.invalidate(alice)
    const next = blocks.get(alice)
    t.not(next, inFlight, 'a request after the invalidation does not join the older load')
    t.equal(counted.count, 2)
    await Promise.all([inFlight, next])
    t.notOk(blocks.get(alice) instanceof Promise, "the newer load's answer is cached")

    const stale = blocks.get(bob)
    blocks.invalidate()
    await stale
    t.ok(blocks.get(bob) instanceof Promise, 'an answer started before invalidate() of all is not cached either')
    await counted.settled()
  })

  t.test('the tenants kept are bounded (LRU)', async (t) => {
    const counted = createCountedLoad(userService)
    const blocks = createTenantProgramBlocks({ load: counted.load, maxTenants: 2 })
    t.teardown(() => blocks.close())
    await blocks.get(alice)
    await blocks.get(bob)
    t.notOk(blocks.get(alice) instanceof Promise, 'alice is kept (and now the most recent)')
    await blocks.get(carol)
    t.equal(counted.count, 3)
    t.notOk(blocks.get(alice) instanceof Promise, 'the recently used tenant stays')
    t.notOk(blocks.get(carol) instanceof Promise, 'the newest stays')
    const evicted = blocks.get(bob)
    t.ok(evicted instanceof Promise, 'the least recently used tenant was dropped')
    await evicted
    t.equal(counted.count, 4)
    t.strictSame([...(await blocks.get(dave))], [], 'a tenant with no list gets an empty set')
  })

  t.test('over gRPC: a stopped user service fails the request, not a background reload', async (t) => {
    const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
    const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN, callTimeoutMs: 2_000 })
    t.teardown(() => client.close())
    const clock = createTestClock(START_MS)
    const counted = createCountedLoad(client)
    const blocks = createTenantProgramBlocks({ load: counted.load, trustMs: 1_000, refreshMs: 500, now: clock.now })
    t.teardown(() => blocks.close())
    const keys = await blocks.get(alice)
    t.strictSame([...keys], [toKey(TOKEN_PROGRAM)], 'loaded over gRPC')
    await server.close()

    clock.nowMs = START_MS + 600
    t.equal(blocks.get(alice), keys, 'past refreshMs the old list is served while a reload starts')
    t.equal(counted.count, 2)
    await counted.settled()
    t.equal(blocks.get(alice), keys, 'the failed reload kept the old list')
    t.equal(counted.count, 2, 'and the next reload waits (no retry on every request)')

    clock.nowMs = START_MS + 1_000
    t.equal(await getRejectionCode(blocks.get(alice)), 'accounts_unavailable', 'too old to trust: the request gets the catalogue error')
    t.equal(await getRejectionCode(blocks.get(bob)), 'accounts_unavailable', 'a miss too')
    const again = blocks.get(bob)
    t.ok(again instanceof Promise, 'a failure is not cached: the next request loads again')
    t.equal(await getRejectionCode(again), 'accounts_unavailable')
  })

  t.test('in-process on an unreachable database: a driver error becomes accounts_unavailable', async (t) => {
    const db = createDatabase({ url: `postgres://postgres@127.0.0.1:${await getFreePort()}/none`, maxConnections: 1 })
    t.teardown(() => db.close())
    const broken = createUserService({ db, signingKey: users.signingKey })
    const blocks = createTenantProgramBlocks({ load: (id) => broken.getProgramBlocks(id) })
    t.teardown(() => blocks.close())
    const failure = await Promise.resolve(blocks.get(alice)).then(
      () => undefined,
      (error: unknown) => error,
    )
    t.ok(isServiceError(failure, 'accounts_unavailable'), 'accounts_unavailable', { got: String(failure) })
    t.match((failure as Error & { cause?: unknown }).cause, { code: 'ECONNREFUSED' }, 'with the driver error as its cause')
  })
})
