/**
 * How fresh the engine's cache of tenants' program blocks is, on a real user service and
 * database, with the cache's clock moved by hand (no sleeping): without a bus a change is served
 * within 1 s, with the bus at once; a warm tenant is answered synchronously, from one set per load.
 */
import t from 'tap'
import {
  createTenantProgramBlocks,
  INFORMED_TRUST_MS,
  UNINFORMED_TRUST_MS,
} from '../../../../engine/detection/programs/tenant-program-blocks.js'
import { createTestUserService, createTestClock } from '../../../helpers/user-service.js'
import { JUPITER_V6, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../accounts/program-block-fixtures.js'
import { createCountedLoad, createTenants, toKey } from './tenant-program-blocks-fixtures.js'

const START_MS = Date.parse('2031-05-04T10:00:00.000Z')

t.test('tenant program blocks: freshness', async (t) => {
  const users = await createTestUserService(t)
  const { userService } = users
  const [alice, bob, carol] = (await createTenants(users, 3)) as [string, string, string]

  t.test('without a bus: served synchronously, a change visible within 1 s', async (t) => {
    await userService.setProgramBlocks(alice, [TOKEN_PROGRAM, SYSTEM_PROGRAM])
    const clock = createTestClock(START_MS)
    const counted = createCountedLoad(userService)
    // refreshMs = trustMs: no background reload, so only the trust bound is at work.
    const blocks = createTenantProgramBlocks({
      load: counted.load,
      trustMs: UNINFORMED_TRUST_MS,
      refreshMs: UNINFORMED_TRUST_MS,
      now: clock.now,
    })
    t.teardown(() => blocks.close())

    const first = blocks.get(alice)
    t.ok(first instanceof Promise, 'a miss is a promise')
    const keys = await first
    t.strictSame(
      [...keys].sort(),
      [toKey(SYSTEM_PROGRAM), toKey(TOKEN_PROGRAM)].sort(),
      'the AccountKeys of the ids, as the decoder builds them',
    )
    t.ok(keys.has(toKey(TOKEN_PROGRAM)) && !keys.has(toKey(JUPITER_V6)), 'membership by raw key')
    const warm = blocks.get(alice)
    t.notOk(warm instanceof Promise, 'a warm tenant is answered synchronously')
    t.equal(warm, keys, 'the same set: built once per load, not per request')

    clock.nowMs += 10
    await userService.setProgramBlocks(alice, [JUPITER_V6])
    clock.nowMs = START_MS + UNINFORMED_TRUST_MS - 1
    t.equal(blocks.get(alice), keys, 'just under 1 s after the load: the old list is still trusted')
    t.equal(counted.count, 1, 'with no load')
    clock.nowMs = START_MS + UNINFORMED_TRUST_MS
    const reloaded = blocks.get(alice)
    t.ok(reloaded instanceof Promise, '1 s after the load the list is too old to trust')
    t.strictSame([...(await reloaded)], [toKey(JUPITER_V6)], 'and the change is served')
    t.equal(counted.count, 2)
  })

  t.test('the defaults: 1 s of trust without a bus, reloaded in the background after 0.5 s', async (t) => {
    await userService.setProgramBlocks(bob, [TOKEN_PROGRAM])
    const clock = createTestClock(START_MS)
    const counted = createCountedLoad(userService)
    const blocks = createTenantProgramBlocks({ load: counted.load, now: clock.now })
    t.teardown(() => blocks.close())
    const keys = await blocks.get(bob)

    clock.nowMs = START_MS + 499
    t.equal(blocks.get(bob), keys, 'before half the trust: served, no reload')
    t.equal(counted.count, 1)
    await userService.setProgramBlocks(bob, [JUPITER_V6])
    clock.nowMs = START_MS + 500
    t.equal(blocks.get(bob), keys, 'past half the trust: the old list is still served at once')
    t.equal(counted.count, 2, 'while one background reload starts')
    t.equal(blocks.get(bob), keys, 'a request during the reload is served too')
    t.equal(counted.count, 2, 'without a second reload')
    await counted.settled()
    const refreshed = blocks.get(bob)
    t.notOk(refreshed instanceof Promise, 'the reloaded list is served synchronously')
    t.strictSame([...(refreshed as ReadonlySet<string>)], [toKey(JUPITER_V6)], 'and it holds the change')
    clock.nowMs = START_MS + 500 + UNINFORMED_TRUST_MS - 1
    t.notOk(blocks.get(bob) instanceof Promise, 'trusted for 1 s from the reload')
  })

  t.test('with the bus: trusted 60 s, a change served at once', async (t) => {
    await userService.setProgramBlocks(carol, [TOKEN_PROGRAM])
    await userService.setProgramBlocks(alice, [SYSTEM_PROGRAM])
    const clock = createTestClock(START_MS)
    const counted = createCountedLoad(userService)
    const blocks = createTenantProgramBlocks({ load: counted.load, invalidations: users.bus, now: clock.now })
    const keys = await blocks.get(carol)
    const aliceKeys = await blocks.get(alice)

    clock.nowMs = START_MS + INFORMED_TRUST_MS / 2 - 1
    t.equal(blocks.get(carol), keys, 'no change, no reload for almost 30 s')
    t.equal(counted.count, 2)

    await userService.setProgramBlocks(carol, [JUPITER_V6, TOKEN_PROGRAM])
    const afterSet = blocks.get(carol)
    t.ok(afterSet instanceof Promise, "the bus event dropped carol's list")
    t.strictSame([...(await afterSet)].sort(), [toKey(JUPITER_V6), toKey(TOKEN_PROGRAM)].sort(), 'the change is served at once')
    t.equal(blocks.get(alice), aliceKeys, "another tenant's list stays cached")

    await userService.removeProgramBlock(carol, TOKEN_PROGRAM)
    t.strictSame([...(await blocks.get(carol))], [toKey(JUPITER_V6)], 'a removal is served at once too')
    t.equal(counted.count, 4, 'one load per change, none for the untouched tenant')

    await users.bus.publish({ kind: 'all' })
    t.ok(blocks.get(alice) instanceof Promise, "'all' (a bus that may have missed events) drops every list")
    await counted.settled()

    blocks.close()
    const afterClose = blocks.get(carol)
    t.ok(afterClose instanceof Promise, 'close() forgets every list')
    await afterClose
    await userService.setProgramBlocks(carol, [])
    t.notOk(blocks.get(carol) instanceof Promise, 'and leaves the bus: events no longer reach it')
  })

  t.test('options are checked', async (t) => {
    const load = () => Promise.resolve([])
    t.throws(() => createTenantProgramBlocks({ load, trustMs: 0 }), RangeError, 'trustMs 0')
    t.throws(() => createTenantProgramBlocks({ load, trustMs: 1_000, refreshMs: 2_000 }), RangeError, 'refreshMs beyond trustMs')
    t.throws(() => createTenantProgramBlocks({ load, trustMs: Number.NaN }), RangeError, 'NaN')
  })
})
