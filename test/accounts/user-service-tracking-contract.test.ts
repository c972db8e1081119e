/**
 * The TransactionTrackingService part of the UserService contract, run against both transports —
 * in-process and gRPC to a real server — as user-service-contract.test.ts runs the rest. Each
 * transport gets a database of its own, because a claim reads every user's records. The lease is
 * measured on the service's injected clock, moved by hand: no test sleeps.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { createUserService, type TransactionTrackingRecord, type UserService } from '../../accounts/user-service.js'
import { startUserServiceServer } from '../../accounts/server.js'
import {
  createGrpcUserServiceClient,
  createInProcessUserServiceClient,
  type UserServiceClient,
} from '../../accounts/user-service-client.js'
import { toBase58 } from '../../lib/base58.js'
import { isServiceError, type ErrorCode } from '../../lib/errors.js'
import { createTestDatabase } from '../helpers/database.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'

/** 2031-05-04T10:00:00.000Z, far from the real clock. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
const LEASE_MS = 30_000
const DAY_MS = 86_400_000
const NIL_UUID = '00000000-0000-0000-0000-000000000000'

interface Transport {
  client: UserServiceClient
  clock: { nowMs: number }
}

/** A fresh signature: 64 random bytes in base58. */
function createSignature(): string {
  return toBase58(randomBytes(64))
}

/** A pending execute of `userId`, sent once, with every nullable field set unless `fields` say otherwise. */
function createTrackingRecord(userId: string, fields: Partial<TransactionTrackingRecord> = {}): TransactionTrackingRecord {
  return {
    userId,
    signature: createSignature(),
    kind: 'execute',
    status: 'pending',
    route: 'direct_rpc',
    attempts: 1,
    endpoints: ['rpc.example.com', '127.0.0.1:8899'],
    wireTransaction: new Uint8Array(randomBytes(300)),
    lastValidBlockHeight: 1_000,
    landedSlot: null,
    transactionError: null,
    prediction: {
      success: true,
      compute_units: 450,
      fee_lamports: '5000',
      balance_changes: [{ account: 'A', mint: null, delta: '-1000005000' }],
      context_slot: 42,
    },
    outcome: null,
    createdAtMs: START_MS,
    updatedAtMs: START_MS,
    ...fields,
  }
}

/** Asserts that `work` rejects with `code`; returns the code and message, to compare transports by. */
async function assertRejectsWithCode(t: Test, work: Promise<unknown>, code: ErrorCode, label: string) {
  const outcome = await work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  if (outcome.ok) {
    t.fail(`${label}: expected ${code}, resolved`, { value: outcome.value })
    return undefined
  }
  t.ok(isServiceError(outcome.error, code), `${label}: rejects with ${code}`, {
    got: isServiceError(outcome.error) ? outcome.error.code : String(outcome.error),
  })
  return isServiceError(outcome.error) ? { code: outcome.error.code, message: outcome.error.message } : undefined
}

/** A lease no test outlives. */
const YEAR_MS = 365 * DAY_MS

/** Claims what earlier tests left for a year, so a claim test sees only its own records. */
async function drainClaims(client: UserService): Promise<void> {
  while ((await client.claimUnresolvedTransactions(YEAR_MS, 1_000)).length > 0);
}

function runTrackingSuite(t: Test, { client, clock }: Transport) {
  t.beforeEach(() => {
    clock.nowMs = START_MS
  })

  t.test('create, then the same key again: the first record, unchanged', async (t) => {
    const userId = randomUUID()
    const record = createTrackingRecord(userId)
    const first = await client.trackTransaction(record, LEASE_MS)
    t.equal(first.created, true)
    t.strictSame(first.record, record, 'every field as given')
    t.strictSame(await client.getTrackedTransaction(userId, record.signature), record, 'and read back')

    clock.nowMs += 5_000
    const again = createTrackingRecord(userId, {
      signature: record.signature,
      kind: 'send',
      status: 'confirmed',
      attempts: 3,
      wireTransaction: new Uint8Array([1, 2, 3]),
      prediction: null,
      createdAtMs: clock.nowMs,
      updatedAtMs: clock.nowMs,
    })
    const second = await client.trackTransaction(again, LEASE_MS)
    t.equal(second.created, false, 'not created twice')
    t.strictSame(second.record, record, "the first call's record, not the second's")
    t.strictSame(await client.getTrackedTransaction(userId, record.signature), record, 'nothing was overwritten')

    const otherUser = randomUUID()
    const theirs = await client.trackTransaction({ ...record, userId: otherUser }, LEASE_MS)
    t.equal(theirs.created, true, 'another user posting the same transaction has a record of their own')
    const tenantless = await client.trackTransaction({ ...record, userId: NIL_UUID }, 0)
    t.equal(tenantless.created, true, 'the nil uuid (a tenantless trusted call) is a user id like any other')
  })

  t.test('ten concurrent creates of one key: exactly one created', async (t) => {
    const userId = randomUUID()
    const signature = createSignature()
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, attempts) => client.trackTransaction(createTrackingRecord(userId, { signature, attempts }), LEASE_MS)),
    )
    t.equal(results.filter((result) => result.created).length, 1, 'one created: true')
    const winner = results.find((result) => result.created)?.record
    for (const [index, result] of results.entries()) t.strictSame(result.record, winner, `call ${index} answers the stored record`)
    t.strictSame(await client.getTrackedTransaction(userId, signature), winner)
  })

  t.test('update writes only the given fields; null and 0 stay apart', async (t) => {
    const userId = randomUUID()
    const record = createTrackingRecord(userId)
    await client.trackTransaction(record, LEASE_MS)

    clock.nowMs = START_MS + 2_000
    await client.updateTrackedTransaction(userId, record.signature, { status: 'processed', landedSlot: 0 }, LEASE_MS)
    t.strictSame(
      await client.getTrackedTransaction(userId, record.signature),
      { ...record, status: 'processed', landedSlot: 0, updatedAtMs: START_MS + 2_000 },
      'status and slot 0 written, updatedAtMs now, the rest untouched',
    )

    clock.nowMs = START_MS + 3_000
    const outcome = {
      landed_slot: 0,
      matched: false,
      differences: [{ field: 'balance_change', account: 'A', mint: null, predicted: '-1000005000', actual: '-1000010000' }],
    }
    await client.updateTrackedTransaction(
      userId,
      record.signature,
      {
        attempts: 0,
        endpoints: [],
        lastValidBlockHeight: null,
        transactionError: { InstructionError: [0, { Custom: 1 }] },
        outcome,
        // Undefined is "not given", as a left-out field.
        status: undefined,
      },
      LEASE_MS,
    )
    t.strictSame(
      await client.getTrackedTransaction(userId, record.signature),
      {
        ...record,
        status: 'processed',
        landedSlot: 0,
        attempts: 0,
        endpoints: [],
        lastValidBlockHeight: null,
        transactionError: { InstructionError: [0, { Custom: 1 }] },
        outcome,
        updatedAtMs: START_MS + 3_000,
      },
      'attempts 0, no endpoints, a null height (not 0), the JSON fields',
    )

    await client.updateTrackedTransaction(userId, record.signature, { landedSlot: null, transactionError: null, outcome: null }, 0)
    t.match(
      await client.getTrackedTransaction(userId, record.signature),
      { landedSlot: null, transactionError: null, outcome: null, lastValidBlockHeight: null, attempts: 0 },
      'set back to null',
    )
    await client.updateTrackedTransaction(userId, record.signature, {}, LEASE_MS)
    t.match(
      await client.getTrackedTransaction(userId, record.signature),
      { status: 'processed', attempts: 0 },
      'an empty patch only leases',
    )

    await assertRejectsWithCode(
      t,
      client.updateTrackedTransaction(userId, createSignature(), { status: 'failed' }, 0),
      'not_found',
      'unknown',
    )
    await assertRejectsWithCode(
      t,
      client.updateTrackedTransaction(randomUUID(), record.signature, { status: 'failed' }, 0),
      'not_found',
      "another user's record",
    )
    await assertRejectsWithCode(t, client.updateTrackedTransaction('nope', record.signature, {}, 0), 'not_found', 'a malformed user id')
    t.match(await client.getTrackedTransaction(userId, record.signature), { status: 'processed' }, 'failed updates change nothing')
  })

  t.test("another user's record reads as null", async (t) => {
    const userId = randomUUID()
    const record = createTrackingRecord(userId)
    await client.trackTransaction(record, LEASE_MS)
    t.equal(await client.getTrackedTransaction(randomUUID(), record.signature), null, 'another user')
    t.equal(await client.getTrackedTransaction(userId, createSignature()), null, 'an unknown signature')
    t.equal(await client.getTrackedTransaction('not-a-uuid', record.signature), null, 'a malformed user id')
    t.equal(await client.getTrackedTransaction(userId, 'not a signature'), null, 'a malformed signature')
  })

  t.test('the wire bytes survive byte for byte', async (t) => {
    const userId = randomUUID()
    // Every byte value, zeros at both ends, and the longest transaction a packet holds.
    const wire = new Uint8Array(1_232)
    for (let i = 0; i < wire.length; i++) wire[i] = (i * 7) % 256
    wire[wire.length - 1] = 0
    const record = createTrackingRecord(userId, { wireTransaction: wire })
    const created = await client.trackTransaction(record, LEASE_MS)
    const read = await client.getTrackedTransaction(userId, record.signature)
    t.equal(Object.getPrototypeOf(read?.wireTransaction), Uint8Array.prototype, 'a plain Uint8Array')
    t.ok(Buffer.from(read?.wireTransaction ?? []).equals(Buffer.from(wire)), 'read back equal')
    t.ok(Buffer.from(created.record.wireTransaction).equals(Buffer.from(wire)), 'answered equal')
    // A view into a larger buffer stores its own bytes only.
    const view = new Uint8Array(randomBytes(64)).subarray(10, 20)
    const viewed = createTrackingRecord(userId, { wireTransaction: view })
    await client.trackTransaction(viewed, LEASE_MS)
    t.strictSame(
      [...((await client.getTrackedTransaction(userId, viewed.signature))?.wireTransaction ?? [])],
      [...view],
      'a subarray is stored as its 10 bytes',
    )
  })

  t.test('claim: a lease holds until it ends; final records are never claimed', async (t) => {
    // A day on: every lease of the tests before has run out, and the drain takes their records away.
    const base = START_MS + DAY_MS
    clock.nowMs = base
    await drainClaims(client)
    const userId = randomUUID()
    const leased = createTrackingRecord(userId)
    const unleased = createTrackingRecord(userId, { status: 'confirmed' })
    await client.trackTransaction(leased, LEASE_MS)
    await client.trackTransaction(unleased, 0)
    const finals = ['finalized', 'failed', 'expired'] as const
    for (const status of finals) {
      const record = createTrackingRecord(userId)
      await client.trackTransaction(record, LEASE_MS)
      await client.updateTrackedTransaction(userId, record.signature, { status }, 0)
    }

    const claimed = await client.claimUnresolvedTransactions(LEASE_MS, 100)
    t.strictSame(
      claimed.map((record) => record.signature),
      [unleased.signature],
      'only the unleased one: the other is leased, the final ones are done',
    )
    t.strictSame(claimed[0], unleased, 'the whole record')
    t.strictSame(await client.claimUnresolvedTransactions(LEASE_MS, 100), [], 'claimed records are leased to the claimer')

    clock.nowMs = base + LEASE_MS
    t.strictSame(await client.claimUnresolvedTransactions(LEASE_MS, 100), [], 'a lease ending now has not run out yet')
    clock.nowMs = base + LEASE_MS + 1
    const expired = await client.claimUnresolvedTransactions(LEASE_MS, 100)
    t.strictSame(
      expired.map((record) => record.signature).sort(),
      [leased.signature, unleased.signature].sort(),
      'both leases ran out: both claimable, the final ones still not',
    )

    clock.nowMs = base + 10 * LEASE_MS
    await client.updateTrackedTransaction(userId, leased.signature, { status: 'processed' }, LEASE_MS)
    const renewed = await client.claimUnresolvedTransactions(LEASE_MS, 100)
    t.strictSame(
      renewed.map((record) => record.signature),
      [unleased.signature],
      'an update renews the lease of its record',
    )
  })

  t.test('two concurrent claims split the records without overlap', async (t) => {
    clock.nowMs = START_MS + 2 * DAY_MS
    await drainClaims(client)
    const userId = randomUUID()
    const records = Array.from({ length: 20 }, (_, index) => createTrackingRecord(userId, { createdAtMs: START_MS + index }))
    for (const record of records) await client.trackTransaction(record, 0)

    const [a, b] = await Promise.all([client.claimUnresolvedTransactions(LEASE_MS, 15), client.claimUnresolvedTransactions(LEASE_MS, 15)])
    const signaturesOf = (claimed: TransactionTrackingRecord[]) => claimed.map((record) => record.signature)
    t.ok(a.length <= 15 && b.length <= 15, 'each within its limit', { a: a.length, b: b.length })
    t.equal(a.length + b.length, 20, 'together, every record')
    t.equal(new Set([...signaturesOf(a), ...signaturesOf(b)]).size, 20, 'no record twice')
    t.strictSame([...signaturesOf(a), ...signaturesOf(b)].sort(), records.map((record) => record.signature).sort())
    t.strictSame(await client.claimUnresolvedTransactions(LEASE_MS, 15), [], 'nothing left to claim')
  })

  t.test('bad input is validation_error naming the field', async (t) => {
    const userId = randomUUID()
    const good = createTrackingRecord(userId)
    const invalid: [string, Partial<TransactionTrackingRecord> | Record<string, unknown>, RegExp][] = [
      ['a malformed user id', { userId: 'nope' }, /^userId: /],
      ['a malformed signature', { signature: 'not base58!' }, /^signature: /],
      ['an unknown kind', { kind: 'simulate' }, /^kind: /],
      ['an unknown status', { status: 'dropped' }, /^status: /],
      ['an unknown route', { route: 'carrier_pigeon' }, /^route: /],
      ['negative attempts', { attempts: -1 }, /^attempts: /],
      ['fractional attempts', { attempts: 1.5 }, /^attempts: /],
      ['an endpoint that is not a string', { endpoints: ['a', 7] }, /^endpoints\[1\]: /],
      ['no wire bytes', { wireTransaction: new Uint8Array(0) }, /^wireTransaction: /],
      ['too many wire bytes', { wireTransaction: new Uint8Array(1_233) }, /^wireTransaction: /],
      ['wire bytes as text', { wireTransaction: 'AQID' }, /^wireTransaction: /],
      ['an unsafe slot', { landedSlot: 2 ** 53 }, /^landedSlot: /],
      ['a negative height', { lastValidBlockHeight: -1 }, /^lastValidBlockHeight: /],
      ['NaN inside the prediction', { prediction: { compute_units: Number.NaN } }, /^prediction: /],
      ['a bigint inside the outcome', { outcome: { landed_slot: 1n } }, /^outcome: /],
      ['a missing outcome', { outcome: undefined }, /^outcome: /],
      ['a time past 9999', { createdAtMs: 1e15 }, /^createdAtMs: /],
    ]
    for (const [label, fields, message] of invalid) {
      const error = await assertRejectsWithCode(
        t,
        client.trackTransaction({ ...good, ...fields } as TransactionTrackingRecord, LEASE_MS),
        'validation_error',
        label,
      )
      t.match(error?.message, message, `${label}: names the field`)
    }
    await assertRejectsWithCode(t, client.trackTransaction(good, -1), 'validation_error', 'a negative lease')
    await assertRejectsWithCode(t, client.trackTransaction(good, 0.5), 'validation_error', 'a fractional lease')
    t.equal(await client.getTrackedTransaction(userId, good.signature), null, 'nothing was stored')

    await client.trackTransaction(good, LEASE_MS)
    await assertRejectsWithCode(
      t,
      client.updateTrackedTransaction(userId, good.signature, { status: 'gone' as 'failed' }, 0),
      'validation_error',
      'an unknown status in a patch',
    )
    await assertRejectsWithCode(
      t,
      client.updateTrackedTransaction(userId, good.signature, { landedSlot: -5 }, 0),
      'validation_error',
      'a negative slot in a patch',
    )
    await assertRejectsWithCode(t, client.claimUnresolvedTransactions(LEASE_MS, 0), 'validation_error', 'claim limit 0')
    await assertRejectsWithCode(t, client.claimUnresolvedTransactions(LEASE_MS, 1_001), 'validation_error', 'claim limit 1,001')
    await assertRejectsWithCode(t, client.claimUnresolvedTransactions(0, 10), 'validation_error', 'a claim without a lease')
    t.strictSame(await client.getTrackedTransaction(userId, good.signature), good, 'rejected patches changed nothing')
  })
}

/** A user service on a fresh database with its own clock, reached through `transport`. */
async function createTransport(t: Test, transport: 'in-process' | 'grpc'): Promise<Transport> {
  const db = await createTestDatabase(t)
  const clock = { nowMs: START_MS }
  const userService = createUserService({ db, signingKey: randomBytes(32), now: () => clock.nowMs })
  if (transport === 'in-process') {
    const client = createInProcessUserServiceClient(userService)
    t.teardown(() => client.close())
    return { client, clock }
  }
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  return { client, clock }
}

for (const transport of ['in-process', 'grpc'] as const) {
  t.test(`transaction tracking contract: ${transport}`, async (t) => runTrackingSuite(t, await createTransport(t, transport)))
}

t.test('transaction tracking: both transports answer identically', async (t) => {
  const db = await createTestDatabase(t)
  const clock = { nowMs: START_MS }
  const userService = createUserService({ db, signingKey: randomBytes(32), now: () => clock.nowMs })
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const inProcess = createInProcessUserServiceClient(userService)
  const grpc = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await grpc.close()
    await server.close()
  })
  const userId = randomUUID()
  const record = createTrackingRecord(userId, { lastValidBlockHeight: null, landedSlot: 0 })
  await inProcess.trackTransaction(record, 0)
  t.strictSame(await grpc.getTrackedTransaction(userId, record.signature), await inProcess.getTrackedTransaction(userId, record.signature))
  t.strictSame(await grpc.trackTransaction(record, 0), await inProcess.trackTransaction(record, 0), 'the second create')

  const failures: [ErrorCode, string, (client: UserService) => Promise<unknown>][] = [
    ['validation_error', 'a malformed signature', (c) => c.trackTransaction({ ...record, signature: 'x' }, 0)],
    ['validation_error', 'NaN in the prediction', (c) => c.trackTransaction({ ...record, prediction: [Number.NaN] }, 0)],
    ['validation_error', 'a negative lease', (c) => c.trackTransaction(record, -1)],
    ['not_found', 'updating nothing', (c) => c.updateTrackedTransaction(userId, createSignature(), {}, 0)],
    ['validation_error', 'a fractional attempts', (c) => c.updateTrackedTransaction(userId, record.signature, { attempts: 0.5 }, 0)],
    ['validation_error', 'claim limit 1.5', (c) => c.claimUnresolvedTransactions(LEASE_MS, 1.5)],
  ]
  for (const [code, label, fail] of failures) {
    const a = await assertRejectsWithCode(t, fail(inProcess), code, `in-process ${label}`)
    const b = await assertRejectsWithCode(t, fail(grpc), code, `grpc ${label}`)
    t.strictSame(b, a, `${label}: same code and message over both transports`)
  }
})
