/**
 * The TransactionTrackingService part of the UserService contract, run against both transports —
 * in-process and gRPC to a real server — as user-service-contract.test.ts runs the rest. Each
 * transport gets a database of its own, because a claim reads every user's records. The lease is
 * measured on the service's injected clock, moved by hand: no test sleeps.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import { type TransactionTrackingRecord, type UserService } from '../../accounts/contract/index.js'
import { createUserService } from '../../accounts/create-user-service.js'
import type { Database } from '../../accounts/db/database.js'
import { startUserServiceServer } from '../../accounts/server.js'
import {
  createGrpcUserServiceClient,
  createInProcessUserServiceClient,
  type UserServiceClient,
} from '../../accounts/user-service-client.js'
import { credentials, Metadata, type Client, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { toTrackedTransactionMessage } from '../../accounts/grpc/tracking-messages.js'
import { toBase58 } from '../../lib/base58.js'
import { INTERNAL_TOKEN_METADATA } from '../../lib/grpc/internal-token.js'
import { loadAccountsProto } from '../../lib/grpc/load-proto.js'
import { fromGrpcError } from '../../lib/grpc/service-error-status.js'
import { isServiceError, type ErrorCode } from '../../lib/errors.js'
import { createTestDatabase } from '../helpers/database.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'

type UnaryMethod = (request: object, metadata: Metadata, callback: (error: GrpcServiceError | null, response?: unknown) => void) => void

/** 2031-05-04T10:00:00.000Z, far from the real clock. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
const LEASE_MS = 30_000
const DAY_MS = 86_400_000
const NIL_UUID = '00000000-0000-0000-0000-000000000000'

interface Transport {
  client: UserServiceClient
  clock: { nowMs: number }
  /** The service's database, to read what the contract does not show (the lease). */
  db: Database
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
    strategy: null,
    relayBundleId: null,
    tipLamports: null,
    dropReason: null,
    createdAtMs: START_MS,
    updatedAtMs: START_MS,
    ...fields,
  }
}

/** The largest tip the bigint column holds: far past 2^53, so a trip through a double would change it. */
const MAX_TIP_LAMPORTS = 2n ** 63n - 1n

/** A pending managed-tip submit of `userId`, sent as a relay bundle. */
function createBundledRecord(userId: string, fields: Partial<TransactionTrackingRecord> = {}): TransactionTrackingRecord {
  return createTrackingRecord(userId, {
    kind: 'submit',
    route: 'relay_bundle',
    endpoints: [],
    prediction: null,
    strategy: 'managed_tip_bundle',
    relayBundleId: 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    tipLamports: MAX_TIP_LAMPORTS,
    ...fields,
  })
}

/** The lease_until of a record, straight from its row: what the contract keeps inside the store. */
async function getLeaseUntil(db: Database, userId: string, signature: string): Promise<Date | null | undefined> {
  const [row] = await db.query<{ lease_until: Date | null }>(
    'SELECT lease_until FROM tracked_transactions WHERE user_id = $1 AND signature = $2',
    [userId, signature],
  )
  return row?.lease_until
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

function runTrackingSuite(t: Test, { client, clock, db }: Transport) {
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

  t.test("a submit's strategy, bundle id, tip and drop reason round-trip; dropped releases its lease and is never claimed", async (t) => {
    const base = START_MS + 3 * DAY_MS
    clock.nowMs = base
    await drainClaims(client)
    const userId = randomUUID()
    const bundled = createBundledRecord(userId, { createdAtMs: base, updatedAtMs: base })
    // A tip of 0 is a tip, not none; a staked send has a strategy and no bundle.
    const free = createTrackingRecord(userId, { kind: 'submit', strategy: 'staked_sender', tipLamports: 0n, createdAtMs: base + 1 })
    const created = await client.trackTransaction(bundled, 0)
    t.strictSame(created.record, bundled, 'answered with every relay field, the tip exact past 2^53')
    t.equal(created.record.tipLamports, MAX_TIP_LAMPORTS, 'a bigint, to the lamport')
    await client.trackTransaction(free, 0)
    t.strictSame(await client.getTrackedTransaction(userId, bundled.signature), bundled, 'read back')
    t.strictSame(await client.getTrackedTransaction(userId, free.signature), free, 'a 0 tip reads back 0, not null')

    const claimed = await client.claimUnresolvedTransactions(LEASE_MS, 100)
    t.strictSame(claimed, [bundled, free], 'claimed whole, relay fields included')

    clock.nowMs = base + 1_000
    const reason = 'the relay reported the bundle Invalid: its tip transaction was simulated to fail'
    const error = { InstructionError: [1, { Custom: 6001 }] }
    await client.updateTrackedTransaction(userId, bundled.signature, { status: 'dropped', dropReason: reason, transactionError: error }, 0)
    const dropped = { ...bundled, status: 'dropped' as const, dropReason: reason, transactionError: error, updatedAtMs: base + 1_000 }
    t.strictSame(await client.getTrackedTransaction(userId, bundled.signature), dropped, 'status, reason and error written')
    t.equal(await getLeaseUntil(db, userId, bundled.signature), null, 'its lease released')

    clock.nowMs = base + 10 * LEASE_MS
    t.strictSame(
      (await client.claimUnresolvedTransactions(LEASE_MS, 100)).map((record) => record.signature),
      [free.signature],
      'once every lease ran out, the pending one is claimable again and the dropped one, unleased, is not',
    )

    await client.updateTrackedTransaction(userId, bundled.signature, { attempts: 4 }, 0)
    t.match(
      await client.getTrackedTransaction(userId, bundled.signature),
      { dropReason: reason, attempts: 4 },
      'a patch without it keeps it',
    )
    await client.updateTrackedTransaction(userId, bundled.signature, { dropReason: null }, 0)
    t.strictSame(
      await client.getTrackedTransaction(userId, bundled.signature),
      { ...dropped, attempts: 4, dropReason: null, updatedAtMs: clock.nowMs },
      'set back to null; strategy, bundle id and tip were never patchable',
    )
  })

  t.test("the managed tips of a user's records since a moment: what a day's tip cap starts from after a restart", async (t) => {
    const userId = randomUUID()
    const dayStart = START_MS - (START_MS % DAY_MS)
    // Yesterday's tip, today's two (one dropped: it counts, charged when it left), a record without a tip, another user's.
    await client.trackTransaction(createBundledRecord(userId, { tipLamports: 7_000n, createdAtMs: dayStart - 1 }), LEASE_MS)
    await client.trackTransaction(createBundledRecord(userId, { tipLamports: 12_345n, createdAtMs: dayStart }), LEASE_MS)
    await client.trackTransaction(createBundledRecord(userId, { tipLamports: 2n ** 60n, status: 'dropped', createdAtMs: START_MS }), 0)
    await client.trackTransaction(createTrackingRecord(userId, { createdAtMs: START_MS }), LEASE_MS)
    await client.trackTransaction(createBundledRecord(randomUUID(), { tipLamports: 99_000n, createdAtMs: START_MS }), LEASE_MS)
    t.equal(await client.getManagedTipLamportsSince(userId, dayStart), 12_345n + 2n ** 60n, 'exact past 2^53')
    t.equal(await client.getManagedTipLamportsSince(userId, dayStart - DAY_MS), 7_000n + 12_345n + 2n ** 60n)
    t.equal(await client.getManagedTipLamportsSince(randomUUID(), dayStart), 0n, 'a user with no records: 0')
    t.equal(await client.getManagedTipLamportsSince('not-a-uuid', dayStart), 0n, 'an id that names nobody: 0')
    await assertRejectsWithCode(t, client.getManagedTipLamportsSince(userId, Number.NaN), 'validation_error', 'sinceMs NaN')
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
      ['an unknown status', { status: 'landed' }, /^status: /],
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
      ['an unknown strategy', { strategy: 'carrier_pigeon' }, /^strategy: /],
      ['a missing strategy', { strategy: undefined }, /^strategy: /],
      ['an empty bundle id', { relayBundleId: '' }, /^relayBundleId: /],
      ['an overlong bundle id', { relayBundleId: 'b'.repeat(201) }, /^relayBundleId: /],
      ['a tip as a number', { tipLamports: 5_000 }, /^tipLamports: /],
      ['a tip as text', { tipLamports: '5000' }, /^tipLamports: /],
      ['a negative tip', { tipLamports: -1n }, /^tipLamports: /],
      ['a tip past the bigint column', { tipLamports: 2n ** 63n }, /^tipLamports: /],
      ['a missing tip', { tipLamports: undefined }, /^tipLamports: /],
      ['a drop reason that is not text', { dropReason: 7 }, /^dropReason: /],
      ['an overlong drop reason', { dropReason: 'x'.repeat(2_001) }, /^dropReason: /],
      ['a NUL in the drop reason', { dropReason: 'a\u0000b' }, /^dropReason: /],
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
    await assertRejectsWithCode(
      t,
      client.updateTrackedTransaction(userId, good.signature, { dropReason: '' }, 0),
      'validation_error',
      'an empty drop reason in a patch',
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
    return { client, clock, db }
  }
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  return { client, clock, db }
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
  const bundled = createBundledRecord(userId, { status: 'dropped', dropReason: 'the relay reported it Failed' })
  await grpc.trackTransaction(bundled, 0)
  t.strictSame(
    await grpc.getTrackedTransaction(userId, bundled.signature),
    await inProcess.getTrackedTransaction(userId, bundled.signature),
    'a dropped bundle, relay fields and all',
  )
  t.strictSame(await grpc.trackTransaction(record, 0), await inProcess.trackTransaction(record, 0), 'the second create')

  const failures: [ErrorCode, string, (client: UserService) => Promise<unknown>][] = [
    ['validation_error', 'a malformed signature', (c) => c.trackTransaction({ ...record, signature: 'x' }, 0)],
    ['validation_error', 'NaN in the prediction', (c) => c.trackTransaction({ ...record, prediction: [Number.NaN] }, 0)],
    ['validation_error', 'a negative lease', (c) => c.trackTransaction(record, -1)],
    ['not_found', 'updating nothing', (c) => c.updateTrackedTransaction(userId, createSignature(), {}, 0)],
    ['validation_error', 'a fractional attempts', (c) => c.updateTrackedTransaction(userId, record.signature, { attempts: 0.5 }, 0)],
    ['validation_error', 'a tip as a number', (c) => c.trackTransaction({ ...record, tipLamports: 1 as unknown as bigint }, 0)],
    [
      'validation_error',
      'an overlong drop reason',
      (c) => c.updateTrackedTransaction(userId, record.signature, { dropReason: 'x'.repeat(2_001) }, 0),
    ],
    ['validation_error', 'claim limit 1.5', (c) => c.claimUnresolvedTransactions(LEASE_MS, 1.5)],
  ]
  for (const [code, label, fail] of failures) {
    const a = await assertRejectsWithCode(t, fail(inProcess), code, `in-process ${label}`)
    const b = await assertRejectsWithCode(t, fail(grpc), code, `grpc ${label}`)
    t.strictSame(b, a, `${label}: same code and message over both transports`)
  }
})

t.test("over gRPC, a tip that is no decimal text is the caller's validation_error, checked by the server", async (t) => {
  const db = await createTestDatabase(t)
  const userService = createUserService({ db, signingKey: randomBytes(32), now: () => START_MS })
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const proto = loadAccountsProto()
  // A raw client: the service's own client never sends such a message (it checks the record first).
  const raw = new proto.preflight.accounts.v1.Accounts(server.address, credentials.createInsecure()) as unknown as Client &
    Record<string, UnaryMethod>
  t.teardown(async () => {
    raw.close()
    await server.close()
  })
  const metadata = new Metadata()
  metadata.set(INTERNAL_TOKEN_METADATA, TEST_INTERNAL_TOKEN)
  const userId = randomUUID()
  const record = createBundledRecord(userId)
  for (const tip of ['12.5', '-1', 'ten', '1e9']) {
    const message = { ...toTrackedTransactionMessage(record), tip_lamports: tip }
    const error = await new Promise<GrpcServiceError | null>((resolve) => {
      ;(raw.TrackTransaction as UnaryMethod).call(raw, { record: message, lease_ms: 0 }, metadata, (failure) => resolve(failure))
    })
    const received = error ? fromGrpcError(error) : null
    t.ok(isServiceError(received, 'validation_error'), `${tip}: validation_error`, { error })
    t.match(received?.message, /^tipLamports: /, `${tip}: names the field`)
  }
  t.equal(await userService.getTrackedTransaction(userId, record.signature), null, 'nothing was stored')
})
