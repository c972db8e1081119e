/**
 * A submit reaches history through recordTransactionCall as a send does: one record per user and
 * signature however often it is posted (counted and billed once), listed with its tracking and
 * what its answer said (strategy, billable, bundle id, managed tip), and never counted as a
 * simulation. The user service and its database are real.
 */
import t from 'tap'
import { createCallerServices } from '../../callers/caller-services.js'
import type { Principal } from '../../callers/authenticator.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { createUser, NOW_MS } from '../accounts/history-fixtures.js'
import { quietLogger } from '../helpers/stack.js'
import { createTestClock, createTestUserService } from '../helpers/user-service.js'
import { createSignedBytes, createSubmitAnswer } from './submit-history-fixtures.js'

t.test('a submit is one history record per user and signature, with its answer, and no simulation', async (t) => {
  const users = await createTestUserService(t, { clock: createTestClock(NOW_MS) })
  const callers = createCallerServices({
    userService: users.userService,
    admission: createInProcessAdmission(),
    logger: quietLogger,
    usageFlushIntervalMs: 60_000,
    now: users.clock.now,
  })
  t.teardown(() => callers.close())
  const userId = await createUser(users.db)
  const principal: Principal = { userId, role: 'user', apiKeyId: null, hasCard: true }

  const bundled = createSignedBytes()
  const direct = createSignedBytes()
  const answer = createSubmitAnswer(bundled.signature, 'bundle-42')
  await users.userService.trackTransaction(
    {
      userId,
      signature: bundled.signature,
      kind: 'submit',
      status: 'pending',
      route: 'relay_bundle',
      attempts: 1,
      endpoints: [],
      wireTransaction: bundled.bytes,
      lastValidBlockHeight: 100,
      landedSlot: null,
      transactionError: null,
      prediction: null,
      outcome: null,
      strategy: 'managed_tip_bundle',
      relayBundleId: 'bundle-42',
      tipLamports: 15_000n,
      dropReason: null,
      createdAtMs: NOW_MS,
      updatedAtMs: NOW_MS,
    },
    0,
  )
  callers.recordTransactionCall(principal, 'submit', bundled.bytes, answer)
  users.clock.nowMs += 1_000
  // Posted again: the engine answers the first call's tracking; history keeps the first record.
  callers.recordTransactionCall(principal, 'submit', bundled.bytes, { ...answer, latency_ms: 1 })
  users.clock.nowMs += 1_000
  callers.recordTransactionCall(principal, 'submit', direct.bytes, {
    ...answer,
    signature: direct.signature,
    strategy: 'direct',
    route: 'direct_rpc',
    bundle_id: null,
    tip_lamports: null,
    billable: false,
  })
  await callers.history.flush()

  const { simulations } = await users.userService.listSimulations({ userId, limit: 10 })
  t.strictSame(
    simulations.map((item) => ({ signature: item.signature, kind: item.kind, latency: item.latency_ms, transaction: item.transaction })),
    [
      // No tracking record of it here: no summary, as for a send.
      { signature: direct.signature, kind: 'submit', latency: 12, transaction: null },
      {
        signature: bundled.signature,
        kind: 'submit',
        latency: 12,
        transaction: {
          status: 'pending',
          route: 'relay_bundle',
          landed_slot: null,
          matched: null,
          strategy: 'managed_tip_bundle',
          billable: true,
          bundle_id: 'bundle-42',
          tip_lamports: '15000',
        },
      },
    ],
    'the repeat is not a second record; each carries its answer',
  )
  t.match(await users.userService.getUserStats(userId), { total_simulations: 0, simulations_today: 0 }, 'a submit is no simulation')
  t.strictSame(
    (await users.userService.getSimulationCountsSince(NOW_MS - 1)).filter((count) => count.userId === userId),
    [],
    'nor counted toward the quota',
  )
})
