/**
 * Tenants' program blocks through an outage of the user service's database (a TCP proxy cut in
 * front of it, the server itself left running), with the cache's clock moved by hand: a list too old
 * to trust is still served while reloads fail with accounts_unavailable, up to `staleMaxMs` past its
 * trust; an announced change removes it at once; a tenant never loaded, or a list past the bound, is
 * the outage's error; any other failure is not covered for.
 */
import t from 'tap'
import { createTenantProgramBlocks } from '../../../../engine/detection/programs/tenant-program-blocks.js'
import { createServiceError, isServiceError } from '../../../../lib/errors.js'
import { createTestDatabaseBehindProxy } from '../../../helpers/database.js'
import { createTestClock, createTestUserService } from '../../../helpers/user-service.js'
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../accounts/program-block-fixtures.js'
import { createCountedLoad, createTenants, toKey } from './tenant-program-blocks-fixtures.js'

const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
const TRUST_MS = 1_000
const STALE_MAX_MS = 60_000

/** What `value` rejects with, or undefined (a set, or a promise of one that resolves). */
const getFailure = (value: unknown): Promise<unknown> =>
  Promise.resolve(value).then(
    () => undefined,
    (error: unknown) => error,
  )

t.test('tenant program blocks through a database outage', async (t) => {
  const { db, proxy } = await createTestDatabaseBehindProxy(t)
  const users = await createTestUserService(t, { db })
  const [alice, bob, carol] = (await createTenants(users, 3)) as [string, string, string]
  await users.userService.setProgramBlocks(alice, [TOKEN_PROGRAM])
  await users.userService.setProgramBlocks(bob, [SYSTEM_PROGRAM])
  const clock = createTestClock(START_MS)
  const counted = createCountedLoad(users.userService)
  const blocks = createTenantProgramBlocks({
    load: counted.load,
    invalidations: users.bus,
    trustMs: TRUST_MS,
    refreshMs: TRUST_MS,
    staleMaxMs: STALE_MAX_MS,
    now: clock.now,
  })
  t.teardown(() => blocks.close())
  const aliceKeys = await blocks.get(alice)
  await blocks.get(bob)

  await proxy.cut()
  clock.nowMs += TRUST_MS
  const stale = blocks.get(alice)
  t.ok(stale instanceof Promise, 'past its trust the list is reloaded first')
  t.equal(await stale, aliceKeys, 'the reload fails with accounts_unavailable: the list it replaces is served')
  const loadsBefore = counted.count
  t.equal(blocks.get(alice), aliceKeys, 'from then on synchronously, with no request waiting on the outage')
  clock.nowMs += 2_000
  t.equal(blocks.get(alice), aliceKeys, 'still, with a reload tried in the background')
  await counted.settled()
  t.equal(counted.count, loadsBefore + 1, 'one background reload, not one per request')

  const never = await getFailure(blocks.get(carol))
  t.ok(isServiceError(never, 'accounts_unavailable'), 'a tenant never loaded: the outage error, never an empty list', {
    got: String(never),
  })

  await users.bus.publish({ kind: 'program_blocks', userId: bob })
  const announced = await getFailure(blocks.get(bob))
  t.ok(isServiceError(announced, 'accounts_unavailable'), 'an announced change removes the list: not served stale', {
    got: String(announced),
  })

  clock.nowMs = START_MS + TRUST_MS + STALE_MAX_MS
  const tooOld = await getFailure(blocks.get(alice))
  t.ok(isServiceError(tooOld, 'accounts_unavailable'), `${STALE_MAX_MS} ms past its trust: not served any more`, { got: String(tooOld) })

  await proxy.restore()
  t.strictSame([...(await blocks.get(alice))], [toKey(TOKEN_PROGRAM)], 'the database back: loaded again')
})

t.test('only unavailability is covered for, and only with staleMaxMs', async (t) => {
  const clock = createTestClock(START_MS)
  let failure: unknown
  const load = async () => {
    if (failure) throw failure
    return [TOKEN_PROGRAM]
  }
  const covered = createTenantProgramBlocks({ load, trustMs: TRUST_MS, refreshMs: TRUST_MS, staleMaxMs: STALE_MAX_MS, now: clock.now })
  const uncovered = createTenantProgramBlocks({ load, trustMs: TRUST_MS, refreshMs: TRUST_MS, now: clock.now })
  t.teardown(() => {
    covered.close()
    uncovered.close()
  })
  await covered.get('tenant')
  await uncovered.get('tenant')
  clock.nowMs += TRUST_MS
  failure = createServiceError('internal_error', undefined, new Error('a bug'))
  t.ok(isServiceError(await getFailure(covered.get('tenant')), 'internal_error'), 'a bug is not served around')
  failure = new TypeError('a bug of the load itself')
  t.ok(await getFailure(covered.get('tenant')), 'nor one that is not a catalogue error (answered accounts_unavailable, as before)')
  failure = createServiceError('accounts_unavailable')
  t.ok(isServiceError(await getFailure(uncovered.get('tenant')), 'accounts_unavailable'), 'staleMaxMs 0 (the default): never stale')
  t.strictSame([...(await covered.get('tenant'))], [toKey(TOKEN_PROGRAM)], 'with it: the last list')
})
