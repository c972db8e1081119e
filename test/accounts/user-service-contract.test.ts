/**
 * The UserService contract: one suite, run against both transports the edge may use — in-process
 * and gRPC to a real server (accounts/server.ts) — on one service and one test database, as the
 * engine's client contract does. Errors must arrive as the same catalogue codes, and null must stay
 * null (never undefined, 0 or "") over gRPC; where answers are deterministic the two transports
 * must be equal.
 */
import { getFreePort } from '../../lib/free-port.js'
import { randomBytes, randomUUID } from 'node:crypto'
import t, { type Test } from 'tap'
import {
  type UserService,
  type AuthInvalidation,
  type SimulationQuery,
  type SimulationRecord,
  type TransactionTrackingRecord,
} from '../../accounts/contract/index.js'
import { createUserService } from '../../accounts/create-user-service.js'
import { startUserServiceServer } from '../../accounts/server.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import {
  createGrpcUserServiceClient,
  createInProcessUserServiceClient,
  type UserServiceClient,
} from '../../accounts/user-service-client.js'
import { verifyAccessToken } from '../../lib/access-token.js'
import { API_KEY_PREFIX, getApiKeyHash } from '../../lib/api-key.js'
import { toBase58 } from '../../lib/base58.js'
import { isServiceError, type ErrorCode } from '../../lib/errors.js'
import { createTestDatabase } from '../helpers/database.js'
import {
  COMPUTE_BUDGET_PROGRAM,
  createProgramIds,
  JUPITER_V6,
  LONG_KEY,
  NOT_BASE58,
  SHORT_KEY,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
} from './program-block-fixtures.js'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** 2031-05-04T10:00:00.000Z: mid-morning UTC, far from the real clock. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
const PASSWORD = 'correct horse battery staple'
const UNKNOWN_HASH = '0'.repeat(64)

interface Context {
  signingKey: Uint8Array
  clock: { nowMs: number }
  invalidations: AuthInvalidation[]
  /** A second service on the same database, as after a restart: what it reads was stored. */
  reopened: UserService
}

/** Asserts that `work` rejects with catalogue code `code`; returns the code and message to compare transports by. */
async function assertRejectsWithCode(t: Test, work: Promise<unknown>, code: ErrorCode, label: string) {
  const outcome = await work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  if (outcome.ok) {
    t.fail(`${label}: expected ${code}, resolved`, { value: outcome.value })
    return undefined
  }
  const { error } = outcome
  t.ok(isServiceError(error, code), `${label}: rejects with ${code}`, { got: isServiceError(error) ? error.code : String(error) })
  return isServiceError(error) ? { code: error.code, message: error.message } : undefined
}

/** Registers `email` and returns the user id its access token names. */
async function registerUser(client: UserService, context: Context, email: string) {
  const auth = await client.register({ email, password: PASSWORD })
  const claims = await verifyAccessToken(context.signingKey, auth.token, context.clock.nowMs)
  if (!claims) throw new Error('register answered a token that does not verify')
  return { userId: claims.userId, auth }
}

/** A record of `userId` at `createdAtMs`, every nullable field null unless `fields` say otherwise. */
function createRecord(userId: string, createdAtMs: number, fields: Partial<SimulationRecord> = {}): SimulationRecord {
  return {
    userId,
    apiKeyId: null,
    createdAtMs,
    success: true,
    decision: null,
    riskLevel: null,
    mevScore: null,
    mevLevel: null,
    failureCode: null,
    failureReason: null,
    computeUnits: null,
    feeEstimateSol: null,
    latencyMs: 0.5,
    signature: null,
    cached: false,
    ...fields,
  }
}

/** The contract every UserService transport honours; `label` keeps its users apart from the other run's. */
function runUserServiceSuite(t: Test, client: UserServiceClient, context: Context, label: string) {
  const email = (name: string) => `${label}-${name}@example.com`

  t.test('register, getUser, getUserState, login and refresh', async (t) => {
    const { userId, auth } = await registerUser(client, context, email('Alice'))
    t.strictSame(Object.keys(auth).sort(), ['expires_in', 'refresh_token', 'token', 'token_type'])
    t.equal(auth.token_type, 'Bearer')
    t.equal(auth.expires_in, 86_400)
    t.strictSame(await client.getUser(userId), {
      id: userId,
      email: email('alice'),
      name: null,
      role: 'user',
      email_verified: false,
      timezone: null,
      created_at: new Date(START_MS).toISOString(),
    })
    t.strictSame(await client.getUserState(userId), { userId, role: 'user', active: true, hasCard: false })
    t.equal(await client.getUserState(randomUUID()), null, 'a user that never existed is null')

    const login = await client.login({ email: email('ALICE'), password: PASSWORD })
    t.equal((await verifyAccessToken(context.signingKey, login.token, context.clock.nowMs))?.userId, userId)
    const refreshed = await client.refresh(login.refresh_token)
    t.not(refreshed.refresh_token, login.refresh_token, 'refresh tokens rotate')
    t.equal((await verifyAccessToken(context.signingKey, refreshed.token, context.clock.nowMs))?.userId, userId)
    await assertRejectsWithCode(t, client.refresh(login.refresh_token), 'invalid_refresh_token', 'a spent refresh token')
    await assertRejectsWithCode(t, client.refresh(refreshed.refresh_token), 'invalid_refresh_token', 'its family is revoked')
  })

  t.test('logout revokes the family of the token presented, and resolves alike for any token', async (t) => {
    const { auth } = await registerUser(client, context, email('lena'))
    const other = await client.login({ email: email('lena'), password: PASSWORD })
    const rotated = await client.refresh(auth.refresh_token)
    t.equal(await client.logout(auth.refresh_token), undefined, 'a token spent earlier in the family')
    await assertRejectsWithCode(t, client.refresh(rotated.refresh_token), 'invalid_refresh_token', 'the token rotated from it')
    t.equal(await client.logout(rotated.refresh_token), undefined, 'an already revoked token')
    t.equal(await client.logout('garbage'), undefined, 'garbage')
    t.ok(await client.refresh(other.refresh_token), 'the other login still refreshes')
  })

  t.test('identity errors', async (t) => {
    await registerUser(client, context, email('bob'))
    await assertRejectsWithCode(t, client.register({ email: email('bob'), password: PASSWORD }), 'email_taken', 'same email')
    await assertRejectsWithCode(t, client.register({ email: 'not an email', password: PASSWORD }), 'validation_error', 'bad email')
    await assertRejectsWithCode(t, client.register({ email: email('carol'), password: 'short' }), 'validation_error', 'short password')
    await assertRejectsWithCode(
      t,
      client.login({ email: email('bob'), password: 'wrong password' }),
      'invalid_credentials',
      'wrong password',
    )
    await assertRejectsWithCode(t, client.login({ email: email('nobody'), password: PASSWORD }), 'invalid_credentials', 'unknown email')
    await assertRejectsWithCode(t, client.getUser(randomUUID()), 'unauthorized', 'unknown user')
    await assertRejectsWithCode(t, client.getUser('not-a-uuid'), 'unauthorized', 'malformed user id')
    await assertRejectsWithCode(t, client.refresh('not-a-token'), 'invalid_refresh_token', 'garbage refresh token')
  })

  t.test('API keys: create, list, authenticate, count, rotate, revoke', async (t) => {
    const { userId } = await registerUser(client, context, email('dave'))
    const other = await registerUser(client, context, email('erin'))
    t.strictSame(await client.listApiKeys(userId), [])

    const plain = await client.createApiKey(userId, { name: '  ci  ' })
    t.match(plain, { name: 'ci', prefix: API_KEY_PREFIX, requests_count: 0, last_used_at: null, expires_at: null })
    t.ok(plain.key?.startsWith(API_KEY_PREFIX), 'the cleartext key is returned on create')
    t.equal(plain.last_four, plain.key?.slice(-4))
    t.equal(plain.created_at, new Date(START_MS).toISOString())
    const never = await client.createApiKey(userId, { name: 'explicit null', expiresAtMs: null })
    t.equal(never.expires_at, null, 'expiresAtMs null: no expiry')
    const expiresAtMs = START_MS + 30 * DAY_MS
    const expiring = await client.createApiKey(userId, { name: 'expiring', expiresAtMs })
    t.equal(expiring.expires_at, new Date(expiresAtMs).toISOString())

    // The three share one created_at (the clock stands still), so the listing's order among them
    // falls to their ids; compare by id.
    const byId = <K extends { id: string }>(keys: K[]) => [...keys].sort((a, b) => a.id.localeCompare(b.id))
    const listed = await client.listApiKeys(userId)
    t.strictSame(
      byId(listed),
      byId([plain, never, expiring].map(({ key: _key, ...rest }) => rest)),
      'listed with every field but the cleartext',
    )
    t.ok(
      listed.every((key) => !('key' in key)),
      'no key property at all in a listing',
    )

    const key = plain.key as string
    t.strictSame(await client.authenticateApiKey(getApiKeyHash(key)), {
      userId,
      role: 'user',
      apiKeyId: plain.id,
      validUntilMs: null,
      hasCard: false,
    })
    t.strictSame(await client.authenticateApiKey(getApiKeyHash(expiring.key as string)), {
      userId,
      role: 'user',
      apiKeyId: expiring.id,
      validUntilMs: expiresAtMs,
      hasCard: false,
    })
    t.equal(await client.authenticateApiKey(UNKNOWN_HASH), null, 'an unknown hash authenticates nobody')

    await client.recordKeyUsage([{ apiKeyId: plain.id, count: 3, lastUsedAtMs: START_MS + 1000 }])
    await client.recordKeyUsage([
      { apiKeyId: plain.id, count: 2, lastUsedAtMs: START_MS + 500 },
      { apiKeyId: never.id, count: 1, lastUsedAtMs: START_MS + 2000 },
    ])
    const counted = await client.listApiKeys(userId)
    const find = (id: string) => counted.find((k) => k.id === id)
    t.match(find(plain.id), { requests_count: 5, last_used_at: new Date(START_MS + 1000).toISOString() }, 'additive, latest time kept')
    t.match(find(never.id), { requests_count: 1, last_used_at: new Date(START_MS + 2000).toISOString() })
    t.match(find(expiring.id), { requests_count: 0, last_used_at: null }, 'an unused key still has last_used_at null')

    const rotated = await client.rotateApiKey(userId, plain.id)
    t.equal(rotated.id, plain.id, 'the id survives rotation')
    t.not(rotated.key, key)
    t.equal(rotated.requests_count, 5)
    t.match(
      await client.authenticateApiKey(getApiKeyHash(key)),
      { apiKeyId: plain.id, validUntilMs: START_MS + DAY_MS },
      'the old secret has 24 h left',
    )
    t.match(await client.authenticateApiKey(getApiKeyHash(rotated.key as string)), { apiKeyId: plain.id, validUntilMs: null })
    context.clock.nowMs = START_MS + DAY_MS + 1
    try {
      t.equal(await client.authenticateApiKey(getApiKeyHash(key)), null, 'the old secret ends after the grace')
      t.match(await client.authenticateApiKey(getApiKeyHash(rotated.key as string)), { apiKeyId: plain.id })
    } finally {
      context.clock.nowMs = START_MS
    }

    await assertRejectsWithCode(t, client.revokeApiKey(other.userId, plain.id), 'not_found', "another user's key")
    await assertRejectsWithCode(t, client.rotateApiKey(other.userId, plain.id), 'not_found', "rotating another user's key")
    await client.revokeApiKey(userId, plain.id)
    t.strictSame((await client.listApiKeys(userId)).map((k) => k.id).sort(), [never.id, expiring.id].sort())
    t.equal(await client.authenticateApiKey(getApiKeyHash(rotated.key as string)), null, 'a revoked key authenticates nobody')
    await assertRejectsWithCode(t, client.revokeApiKey(userId, plain.id), 'not_found', 'revoked twice')
    await assertRejectsWithCode(t, client.rotateApiKey(userId, plain.id), 'not_found', 'rotating a revoked key')
    await assertRejectsWithCode(t, client.revokeApiKey(userId, 'not-a-uuid'), 'not_found', 'malformed key id')
    t.match(
      context.invalidations.slice(-2),
      [
        { kind: 'api_key', userId, apiKeyId: plain.id },
        { kind: 'api_key', userId, apiKeyId: plain.id },
      ],
      'rotate and revoke were announced',
    )

    await assertRejectsWithCode(t, client.createApiKey(userId, { name: '' }), 'validation_error', 'empty name')
    await assertRejectsWithCode(
      t,
      client.createApiKey(userId, { name: 'past', expiresAtMs: START_MS - 1 }),
      'validation_error',
      'expiry in the past',
    )
    // A fraction must reach the service's check, not be rounded into a valid time on the way.
    await assertRejectsWithCode(
      t,
      client.createApiKey(userId, { name: 'frac', expiresAtMs: expiresAtMs + 0.5 }),
      'validation_error',
      'fractional expiry',
    )
    await assertRejectsWithCode(
      t,
      client.recordKeyUsage([{ apiKeyId: never.id, count: 1.5, lastUsedAtMs: START_MS }]),
      'validation_error',
      'fractional count',
    )
  })

  t.test('history: record, list with cursor and filters, stats', async (t) => {
    const { userId } = await registerUser(client, context, email('frank'))
    const apiKey = await client.createApiKey(userId, { name: 'history' })
    const records = [
      createRecord(userId, START_MS - 1000, {
        signature: 's0',
        decision: 'approve',
        riskLevel: 'safe',
        mevScore: 0,
        mevLevel: 'none',
        computeUnits: 150,
        feeEstimateSol: 0.000005,
      }),
      createRecord(userId, START_MS - 2000, {
        signature: 's1',
        success: false,
        failureCode: 'insufficient_sol',
        failureReason: 'no SOL',
        riskLevel: 'high',
        mevScore: 0.75,
        mevLevel: 'high',
        decision: 'block',
      }),
      createRecord(userId, START_MS - 3000, { signature: 's2', apiKeyId: apiKey.id, cached: true, latencyMs: 1.25 }),
      createRecord(userId, START_MS - 2 * DAY_MS, { signature: 's3', success: false, riskLevel: 'safe' }),
    ]
    const identified = { ...records[0], recordId: randomUUID() } as SimulationRecord
    await client.recordSimulations([...records.slice(1), identified])
    // A journal replay after a crash: the record with an identity is not stored a second time.
    await client.recordSimulations([identified])
    await client.recordSimulations([])

    const all = await client.listSimulations({ userId, limit: 10 })
    t.equal(all.next_cursor, null, 'one page holds everything')
    t.strictSame(
      all.simulations.map((item) => item.signature),
      ['s0', 's1', 's2', 's3'],
      'newest first',
    )
    const [, failed, nulls] = all.simulations
    t.strictSame(failed && { ...failed, id: 'id' }, {
      id: 'id',
      created_at: new Date(START_MS - 2000).toISOString(),
      success: false,
      decision: 'block',
      risk_level: 'high',
      mev_score: 0.75,
      mev_level: 'high',
      failure_code: 'insufficient_sol',
      failure_reason: 'no SOL',
      compute_units: null,
      fee_estimate_sol: null,
      latency_ms: 0.5,
      signature: 's1',
      api_key_id: null,
      cached: false,
      kind: 'simulate',
      transaction: null,
    })
    t.strictSame(
      nulls && { ...nulls, id: 'id' },
      {
        id: 'id',
        created_at: new Date(START_MS - 3000).toISOString(),
        success: true,
        decision: null,
        risk_level: null,
        mev_score: null,
        mev_level: null,
        failure_code: null,
        failure_reason: null,
        compute_units: null,
        fee_estimate_sol: null,
        latency_ms: 1.25,
        signature: 's2',
        api_key_id: apiKey.id,
        cached: true,
        kind: 'simulate',
        transaction: null,
      },
      'null fields stay null',
    )
    t.match(all.simulations[0], { mev_score: 0, compute_units: 150, fee_estimate_sol: 0.000005 }, 'zero is not null')

    const first = await client.listSimulations({ userId, limit: 3 })
    t.strictSame(
      first.simulations.map((item) => item.signature),
      ['s0', 's1', 's2'],
    )
    t.type(first.next_cursor, 'string')
    const second = await client.listSimulations({ userId, limit: 3, cursor: first.next_cursor as string })
    t.strictSame(
      second.simulations.map((item) => item.signature),
      ['s3'],
    )
    t.equal(second.next_cursor, null)
    t.strictSame(
      (await client.listSimulations({ userId, limit: 2, offset: 1 })).simulations.map((item) => item.signature),
      ['s1', 's2'],
    )

    const signatures = async (filters: Partial<SimulationQuery>) =>
      (await client.listSimulations({ userId, limit: 10, ...filters })).simulations.map((item) => item.signature)
    t.strictSame(await signatures({ success: false }), ['s1', 's3'], 'success false is a filter, not absent')
    t.strictSame(await signatures({ success: true }), ['s0', 's2'])
    t.strictSame(await signatures({ success: undefined }), ['s0', 's1', 's2', 's3'], 'success undefined is no filter')
    t.strictSame(await signatures({ riskLevel: 'safe' }), ['s0', 's3'])
    t.strictSame(await signatures({ sinceMs: START_MS - DAY_MS }), ['s0', 's1', 's2'])
    t.strictSame(await signatures({ untilMs: START_MS - 2000 }), ['s1', 's2', 's3'])

    // The signature filter: a user of its own, so frank's figures below stay as they are.
    const { userId: signerId } = await registerUser(client, context, email('frank-signer'))
    const signature = toBase58(randomBytes(64))
    await client.recordSimulations([
      createRecord(signerId, START_MS - 1000, { signature }),
      createRecord(signerId, START_MS - 2000, { signature: null }),
      createRecord(signerId, START_MS - 3000, { signature, success: false }),
      createRecord(signerId, START_MS - 4000, { signature: toBase58(randomBytes(64)) }),
    ])
    const times = async (who: string, filters: Partial<SimulationQuery>) =>
      (await client.listSimulations({ userId: who, limit: 10, ...filters })).simulations.map((item) => Date.parse(item.created_at))
    t.strictSame(await times(signerId, { signature }), [START_MS - 1000, START_MS - 3000], 'signature: its records only')
    t.strictSame(await times(signerId, { signature, success: false }), [START_MS - 3000], 'signature with success')
    t.strictSame(
      await times(signerId, { signature: undefined }),
      [1000, 2000, 3000, 4000].map((ms) => START_MS - ms),
      'undefined: no filter',
    )
    t.strictSame(await times(userId, { signature }), [], "another user's signature: nothing")
    await assertRejectsWithCode(t, client.listSimulations({ userId, limit: 10, signature: 's0' }), 'validation_error', 'not a signature')

    await assertRejectsWithCode(t, client.listSimulations({ userId, limit: 0 }), 'validation_error', 'limit 0')
    await assertRejectsWithCode(t, client.listSimulations({ userId, limit: 201 }), 'validation_error', 'limit 201')
    await assertRejectsWithCode(t, client.listSimulations({ userId, limit: 1.5 }), 'validation_error', 'fractional limit')
    await assertRejectsWithCode(t, client.listSimulations({ userId, limit: 10, cursor: 'bogus' }), 'validation_error', 'foreign cursor')
    await assertRejectsWithCode(
      t,
      client.listSimulations({ userId, limit: 10, riskLevel: 'spicy' }),
      'validation_error',
      'unknown risk level',
    )
    await assertRejectsWithCode(t, client.listSimulations({ userId: 'not-a-uuid', limit: 10 }), 'validation_error', 'malformed user id')
    await assertRejectsWithCode(t, client.recordSimulations([createRecord(userId, Number.NaN)]), 'validation_error', 'NaN time')

    const stats = await client.getUserStats(userId)
    t.match(stats, {
      total_simulations: 4,
      success_count: 2,
      fail_count: 2,
      success_rate: 0.5,
      simulations_today: 3,
      simulations_7d: 4,
      mev_distribution: { none: 1, high: 1 },
      top_failure_reasons: [{ code: 'insufficient_sol', count: 1 }],
    })
    t.type(stats.avg_latency_ms, 'number')
    t.ok(stats.risk_distribution.some((entry) => entry.level === 'high' && entry.count === 1))

    const totals = await client.getServiceTotals()
    t.ok(totals.total_simulations >= 4, 'totals count every user')
    for (const value of Object.values(totals)) t.type(value, 'number')
  })

  t.test('history: executes, sends and submits carry their kind and their tracking', async (t) => {
    const { userId } = await registerUser(client, context, email('olga'))
    const [executed, sent, submitted] = [toBase58(randomBytes(64)), toBase58(randomBytes(64)), toBase58(randomBytes(64))]
    const tracked: TransactionTrackingRecord = {
      userId,
      signature: executed,
      kind: 'execute',
      status: 'confirmed',
      route: 'direct_rpc',
      attempts: 2,
      endpoints: ['rpc.example.com'],
      wireTransaction: new Uint8Array([1, 2, 3]),
      lastValidBlockHeight: 10,
      landedSlot: 0,
      transactionError: null,
      prediction: null,
      outcome: { landed_slot: 0, matched: false, differences: [] },
      strategy: null,
      relayBundleId: null,
      tipLamports: null,
      dropReason: null,
      createdAtMs: START_MS,
      updatedAtMs: START_MS,
    }
    await client.trackTransaction(tracked, 0)
    await client.trackTransaction(
      {
        ...tracked,
        signature: submitted,
        kind: 'submit',
        status: 'dropped',
        route: 'relay_bundle',
        landedSlot: null,
        outcome: null,
        strategy: 'managed_tip_bundle',
        relayBundleId: 'bundle-9',
        tipLamports: 12_345n,
        dropReason: 'Failed',
      },
      0,
    )
    await client.recordSimulations([
      createRecord(userId, START_MS - 1, { kind: 'execute', signature: executed }),
      createRecord(userId, START_MS - 2, { kind: 'send', signature: sent }),
      createRecord(userId, START_MS - 3, { signature: 'plain' }),
      createRecord(userId, START_MS - 4, {
        kind: 'submit',
        signature: submitted,
        strategy: 'managed_tip_bundle',
        billable: true,
        bundleId: 'bundle-9',
        tipLamports: '12345',
      }),
    ])
    const { simulations } = await client.listSimulations({ userId, limit: 10 })
    const notSubmitted = { strategy: null, billable: null, bundle_id: null, tip_lamports: null }
    t.strictSame(
      simulations.map(({ signature, kind, transaction }) => ({ signature, kind, transaction })),
      [
        {
          signature: executed,
          kind: 'execute',
          transaction: { status: 'confirmed', route: 'direct_rpc', landed_slot: 0, matched: false, ...notSubmitted },
        },
        { signature: sent, kind: 'send', transaction: null },
        { signature: 'plain', kind: 'simulate', transaction: null },
        {
          signature: submitted,
          kind: 'submit',
          transaction: {
            status: 'dropped',
            route: 'relay_bundle',
            landed_slot: null,
            matched: null,
            strategy: 'managed_tip_bundle',
            billable: true,
            bundle_id: 'bundle-9',
            tip_lamports: '12345',
          },
        },
      ],
      'slot 0 and matched false stay what they are; no tracking is null; a submit shows its answer',
    )
    t.match(await client.getUserStats(userId), { total_simulations: 2 }, 'the send and the submit are no simulations')

    // A landed managed tip past 2^53, for the usage billing reads.
    const landed = toBase58(randomBytes(64))
    const hugeTip = 2n ** 62n + 1n
    await client.trackTransaction(
      { ...tracked, signature: landed, kind: 'submit', status: 'finalized', strategy: 'auto_direct', tipLamports: hugeTip },
      0,
    )
    await client.recordSimulations([
      createRecord(userId, START_MS - 5, {
        kind: 'submit',
        signature: landed,
        strategy: 'auto_direct',
        billable: false,
        tipLamports: hugeTip.toString(),
      }),
    ])
    t.strictSame(
      await client.getSubmitUsage(userId, START_MS - DAY_MS, START_MS),
      { billableSubmits: 1, managedTipLamports: hugeTip, unsettledTips: 0 },
      "the dropped bundle billed as answered, its tip not paid; the landed one's tip exact",
    )
    await assertRejectsWithCode(t, client.getSubmitUsage(userId, START_MS, START_MS - 1), 'validation_error', 'an inverted usage window')
    await assertRejectsWithCode(
      t,
      client.recordSimulations([createRecord(userId, START_MS, { kind: 'bundle' as 'send' })]),
      'validation_error',
      'an unknown kind',
    )
  })

  t.test('program blocks: replace, read, remove, per user, validated, announced', async (t) => {
    const { userId } = await registerUser(client, context, email('hana'))
    const other = await registerUser(client, context, email('ivan'))
    t.strictSame(await client.getProgramBlocks(userId), [], 'a new user blocks nothing')

    const announced = context.invalidations.length
    // Byte order: digits before capitals before lower case.
    const expected = [SYSTEM_PROGRAM, COMPUTE_BUDGET_PROGRAM, JUPITER_V6, TOKEN_PROGRAM]
    t.strictSame(
      await client.setProgramBlocks(userId, [TOKEN_PROGRAM, SYSTEM_PROGRAM, JUPITER_V6, TOKEN_PROGRAM, COMPUTE_BUDGET_PROGRAM]),
      expected,
      'duplicates collapse, byte order',
    )
    t.strictSame(await client.getProgramBlocks(userId), expected)
    t.strictSame(await client.getProgramBlocks(other.userId), [], "another user's list is untouched")
    t.strictSame(context.invalidations.slice(announced), [{ kind: 'program_blocks', userId }], 'the write was announced')

    t.strictSame(await client.setProgramBlocks(userId, [JUPITER_V6]), [JUPITER_V6], 'set replaces the whole list')
    t.strictSame(await client.getProgramBlocks(userId), [JUPITER_V6])
    await client.setProgramBlocks(other.userId, [TOKEN_PROGRAM])
    t.strictSame(await client.getProgramBlocks(userId), [JUPITER_V6], "another user's write leaves this list alone")

    await client.setProgramBlocks(userId, [SYSTEM_PROGRAM, TOKEN_PROGRAM, JUPITER_V6])
    const beforeRemove = context.invalidations.length
    t.strictSame(await client.removeProgramBlock(userId, TOKEN_PROGRAM), [SYSTEM_PROGRAM, JUPITER_V6], 'remove answers the list left')
    t.strictSame(context.invalidations.slice(beforeRemove), [{ kind: 'program_blocks', userId }], 'the removal was announced')
    await assertRejectsWithCode(t, client.removeProgramBlock(userId, TOKEN_PROGRAM), 'not_found', 'removed twice')
    await assertRejectsWithCode(t, client.removeProgramBlock(other.userId, JUPITER_V6), 'not_found', "on another user's list only")
    await assertRejectsWithCode(t, client.removeProgramBlock(userId, NOT_BASE58), 'not_found', 'not an address')
    await assertRejectsWithCode(t, client.removeProgramBlock('not-a-uuid', JUPITER_V6), 'not_found', 'malformed user id')
    t.strictSame(await client.getProgramBlocks(other.userId), [TOKEN_PROGRAM], 'failed removals change nothing')

    const full = createProgramIds(1_000)
    t.strictSame(await client.setProgramBlocks(userId, full), [...full].sort(), '1,000 ids are allowed')
    t.equal((await client.getProgramBlocks(userId)).length, 1_000)
    t.strictSame(await client.setProgramBlocks(userId, []), [], 'an empty list clears it')

    await client.setProgramBlocks(userId, [SYSTEM_PROGRAM])
    const beforeInvalid = context.invalidations.length
    const invalid: [string, unknown, RegExp][] = [
      ['not an array', TOKEN_PROGRAM, /^program_ids: must be an array$/],
      ['an object', { 0: TOKEN_PROGRAM }, /^program_ids: must be an array$/],
      ['1,001 ids', Array.from({ length: 1_001 }, () => TOKEN_PROGRAM), /^program_ids: must have at most 1000 items$/],
      ['not base58', [TOKEN_PROGRAM, NOT_BASE58], /^program_ids\[1\]: must be a base58 address of 32 bytes$/],
      ['31 bytes', [SHORT_KEY], /^program_ids\[0\]: /],
      ['33 bytes', [JUPITER_V6, LONG_KEY], /^program_ids\[1\]: /],
      ['empty string', [''], /^program_ids\[0\]: /],
    ]
    for (const [label, value, message] of invalid) {
      const error = await assertRejectsWithCode(t, client.setProgramBlocks(userId, value as string[]), 'validation_error', label)
      t.match(error?.message, message, `${label}: the message names the field`)
    }
    t.strictSame(await client.getProgramBlocks(userId), [SYSTEM_PROGRAM], 'a rejected list changes nothing')
    t.equal(context.invalidations.length, beforeInvalid, 'and announces nothing')

    await assertRejectsWithCode(t, client.setProgramBlocks(randomUUID(), [TOKEN_PROGRAM]), 'unauthorized', 'a user that never existed')
    await assertRejectsWithCode(t, client.setProgramBlocks('not-a-uuid', [TOKEN_PROGRAM]), 'unauthorized', 'a malformed user id')
    t.strictSame(await client.getProgramBlocks('not-a-uuid'), [], 'a malformed user id blocks nothing')
    t.strictSame(await client.getProgramBlocks(randomUUID()), [], 'nor does an unknown user')
  })

  t.test('setCardOnFile: stored, carried by both principals, announced', async (t) => {
    const { userId } = await registerUser(client, context, email('judy'))
    const other = await registerUser(client, context, email('kim'))
    const key = await client.createApiKey(userId, { name: 'card' })
    const keyHash = getApiKeyHash(key.key as string)
    t.match(await client.getUserState(userId), { hasCard: false }, 'a new user has no card')
    t.match(await client.authenticateApiKey(keyHash), { apiKeyId: key.id, hasCard: false })

    const announced = context.invalidations.length
    await client.setCardOnFile(userId, true)
    t.strictSame(context.invalidations.slice(announced), [{ kind: 'user', userId }], 'the change was announced')
    t.strictSame(await client.getUserState(userId), { userId, role: 'user', active: true, hasCard: true })
    t.strictSame(await client.authenticateApiKey(keyHash), { userId, role: 'user', apiKeyId: key.id, validUntilMs: null, hasCard: true })
    t.match(await context.reopened.getUserState(userId), { hasCard: true }, 'it is in the database')
    t.match(await context.reopened.authenticateApiKey(keyHash), { hasCard: true })
    t.match(await client.getUserState(other.userId), { hasCard: false }, "another user's flag is untouched")
    t.notOk('hasCard' in (await client.getUser(userId)), 'the User has no card field')

    const beforeRepeat = context.invalidations.length
    await client.setCardOnFile(userId, true)
    t.equal(context.invalidations.length, beforeRepeat, 'setting the value it has announces nothing')

    await client.setCardOnFile(userId, false)
    t.strictSame(context.invalidations.slice(beforeRepeat), [{ kind: 'user', userId }], 'removing the card is announced too')
    t.match(await client.getUserState(userId), { hasCard: false })
    t.match(await client.authenticateApiKey(keyHash), { hasCard: false })

    const beforeFailures = context.invalidations.length
    await assertRejectsWithCode(t, client.setCardOnFile(randomUUID(), true), 'not_found', 'a user that never existed')
    await assertRejectsWithCode(t, client.setCardOnFile('not-a-uuid', true), 'not_found', 'a malformed user id')
    await assertRejectsWithCode(t, client.setCardOnFile(userId, 'false' as unknown as boolean), 'validation_error', 'a string')
    await assertRejectsWithCode(t, client.setCardOnFile(userId, 1 as unknown as boolean), 'validation_error', 'a number')
    t.match(await client.getUserState(userId), { hasCard: false }, 'a rejected value changes nothing')
    await client.deleteUser(other.userId)
    const afterDelete = context.invalidations.length
    await assertRejectsWithCode(t, client.setCardOnFile(other.userId, true), 'not_found', 'a deleted user')
    t.strictSame(await client.getUserState(other.userId), { userId: other.userId, role: 'user', active: false, hasCard: false })
    t.equal(context.invalidations.length, afterDelete, 'failures announce nothing')
    t.equal(afterDelete, beforeFailures + 1, 'only the deletion was announced')
  })

  t.test('deleteUser: a soft delete ends the user, keys and logins', async (t) => {
    const { userId } = await registerUser(client, context, email('gina'))
    const key = await client.createApiKey(userId, { name: 'doomed' })
    await client.setProgramBlocks(userId, [TOKEN_PROGRAM])
    await client.deleteUser(userId)
    t.match(context.invalidations.at(-1), { kind: 'user', userId })
    await assertRejectsWithCode(t, client.getUser(userId), 'unauthorized', 'deleted user')
    t.strictSame(await client.getUserState(userId), { userId, role: 'user', active: false, hasCard: false })
    t.equal(await client.authenticateApiKey(getApiKeyHash(key.key as string)), null)
    t.strictSame(await client.listApiKeys(userId), [])
    await assertRejectsWithCode(t, client.login({ email: email('gina'), password: PASSWORD }), 'invalid_credentials', 'login after delete')
    await assertRejectsWithCode(t, client.deleteUser(userId), 'unauthorized', 'deleted twice')
    t.strictSame(await client.getProgramBlocks(userId), [], 'a deleted user blocks nothing')
    await assertRejectsWithCode(t, client.setProgramBlocks(userId, [TOKEN_PROGRAM]), 'unauthorized', 'nor may set a list')
    await assertRejectsWithCode(t, client.removeProgramBlock(userId, TOKEN_PROGRAM), 'not_found', 'nor remove from it')
  })
}

t.test('user service contract', async (t) => {
  const db = await createTestDatabase(t)
  const signingKey = randomBytes(32)
  const clock = { nowMs: START_MS }
  const invalidations: AuthInvalidation[] = []
  const now = () => clock.nowMs
  const userService = createUserService({ db, signingKey, now, onInvalidate: (event) => invalidations.push(event) })
  const context: Context = { signingKey, clock, invalidations, reopened: createUserService({ db, signingKey, now }) }
  const server = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const inProcess = createInProcessUserServiceClient(userService)
  const grpc = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
  t.teardown(async () => {
    await inProcess.close()
    await grpc.close()
    await server.close()
  })

  t.test('transport: in-process', async (t) => runUserServiceSuite(t, inProcess, context, 'in-process'))
  t.test('transport: grpc', async (t) => runUserServiceSuite(t, grpc, context, 'grpc'))

  t.test('both transports answer identically', async (t) => {
    const { userId } = await registerUser(inProcess, context, 'both@example.com')
    const created = await inProcess.createApiKey(userId, { name: 'both', expiresAtMs: START_MS + DAY_MS })
    await inProcess.createApiKey(userId, { name: 'both, no expiry' })
    await inProcess.setProgramBlocks(userId, [TOKEN_PROGRAM, SYSTEM_PROGRAM])
    await inProcess.setCardOnFile(userId, true)
    await inProcess.recordKeyUsage([{ apiKeyId: created.id, count: 7, lastUsedAtMs: START_MS }])
    const sent = toBase58(randomBytes(64))
    await inProcess.trackTransaction(
      {
        userId,
        signature: sent,
        kind: 'send',
        status: 'pending',
        route: 'direct_rpc',
        attempts: 1,
        endpoints: [],
        wireTransaction: new Uint8Array([7]),
        lastValidBlockHeight: null,
        landedSlot: null,
        transactionError: null,
        prediction: null,
        outcome: null,
        strategy: null,
        relayBundleId: null,
        tipLamports: null,
        dropReason: null,
        createdAtMs: START_MS,
        updatedAtMs: START_MS,
      },
      0,
    )
    await inProcess.recordSimulations([
      createRecord(userId, START_MS - 10, { success: false, failureCode: 'slippage', mevScore: 0.3, mevLevel: 'low', riskLevel: 'low' }),
      createRecord(userId, START_MS - 20, { apiKeyId: created.id, computeUnits: 0, feeEstimateSol: 0, signature: 'both-1' }),
      createRecord(userId, START_MS - 30),
      createRecord(userId, START_MS - 40, { kind: 'send', signature: sent }),
      createRecord(userId, START_MS - 50, { kind: 'execute' }),
    ])
    const reads: [string, (client: UserService) => Promise<unknown>][] = [
      ['getUser', (c) => c.getUser(userId)],
      ['getUserState', (c) => c.getUserState(userId)],
      ['getUserState of nobody', (c) => c.getUserState(randomUUID())],
      ['listApiKeys', (c) => c.listApiKeys(userId)],
      ['authenticateApiKey', (c) => c.authenticateApiKey(getApiKeyHash(created.key as string))],
      ['authenticateApiKey of nothing', (c) => c.authenticateApiKey(UNKNOWN_HASH)],
      ['listSimulations', (c) => c.listSimulations({ userId, limit: 2 })],
      ['listSimulations, success false', (c) => c.listSimulations({ userId, limit: 10, success: false })],
      ['listSimulations with executes and sends', (c) => c.listSimulations({ userId, limit: 10 })],
      ['getUserStats', (c) => c.getUserStats(userId)],
      ['getServiceTotals', (c) => c.getServiceTotals()],
      ['getSimulationCountsSince', (c) => c.getSimulationCountsSince(START_MS - DAY_MS)],
      ['getProgramBlocks', (c) => c.getProgramBlocks(userId)],
      ['getProgramBlocks of nobody', (c) => c.getProgramBlocks(randomUUID())],
      ['setProgramBlocks', (c) => c.setProgramBlocks(userId, [TOKEN_PROGRAM, JUPITER_V6, TOKEN_PROGRAM])],
      ['isBillingEnabled', (c) => c.isBillingEnabled()],
    ]
    for (const [label, read] of reads) {
      t.strictSame(await read(grpc), await read(inProcess), `${label}: same answer over gRPC as in-process`)
    }
    const page = await inProcess.listSimulations({ userId, limit: 2 })
    const cursor = page.next_cursor as string
    t.strictSame(
      await grpc.listSimulations({ userId, limit: 2, cursor }),
      await inProcess.listSimulations({ userId, limit: 2, cursor }),
      'second page',
    )

    const failures: [ErrorCode, string, (client: UserService) => Promise<unknown>][] = [
      ['validation_error', 'register with a bad email', (c) => c.register({ email: 'nope', password: PASSWORD })],
      ['email_taken', 'register twice', (c) => c.register({ email: 'both@example.com', password: PASSWORD })],
      ['invalid_credentials', 'login with a wrong password', (c) => c.login({ email: 'both@example.com', password: 'wrong password' })],
      ['invalid_refresh_token', 'refresh with garbage', (c) => c.refresh('garbage')],
      ['unauthorized', 'getUser of nobody', (c) => c.getUser(randomUUID())],
      ['not_found', 'revoke an unknown key', (c) => c.revokeApiKey(userId, randomUUID())],
      ['not_found', 'rotate an unknown key', (c) => c.rotateApiKey(userId, randomUUID())],
      [
        'validation_error',
        'createApiKey with a fractional expiry',
        (c) => c.createApiKey(userId, { name: 'x', expiresAtMs: START_MS + 0.5 }),
      ],
      ['validation_error', 'listSimulations with limit 1.5', (c) => c.listSimulations({ userId, limit: 1.5 })],
      ['validation_error', 'getSimulationCountsSince with NaN', (c) => c.getSimulationCountsSince(Number.NaN)],
      ['validation_error', 'setProgramBlocks with a 31-byte key', (c) => c.setProgramBlocks(userId, [JUPITER_V6, SHORT_KEY])],
      ['validation_error', 'setProgramBlocks with no array', (c) => c.setProgramBlocks(userId, null as unknown as string[])],
      ['validation_error', 'setProgramBlocks with a number in the list', (c) => c.setProgramBlocks(userId, [42] as unknown as string[])],
      ['not_found', 'removeProgramBlock of an id not on the list', (c) => c.removeProgramBlock(userId, COMPUTE_BUDGET_PROGRAM)],
      ['unauthorized', 'setProgramBlocks of nobody', (c) => c.setProgramBlocks(randomUUID(), [])],
      ['not_found', 'setCardOnFile of nobody', (c) => c.setCardOnFile(randomUUID(), true)],
      ['validation_error', 'setCardOnFile with a string', (c) => c.setCardOnFile(userId, 'true' as unknown as boolean)],
    ]
    for (const [code, label, fail] of failures) {
      const a = await assertRejectsWithCode(t, fail(inProcess), code, `in-process ${label}`)
      const b = await assertRejectsWithCode(t, fail(grpc), code, `grpc ${label}`)
      t.strictSame(b, a, `${label}: same code and message over both transports`)
    }
  })
})

t.test('gRPC transport: an unreachable user service is accounts_unavailable, with Retry-After', async (t) => {
  // A port nothing listens on: every call's connection is refused.
  const client = createGrpcUserServiceClient(`127.0.0.1:${await getFreePort()}`, {
    internalToken: TEST_INTERNAL_TOKEN,
    callTimeoutMs: 1_000,
  })
  t.teardown(() => client.close())
  await assertRejectsWithCode(t, client.getUserState(randomUUID()), 'accounts_unavailable', 'closed port')
  await assertRejectsWithCode(t, client.login({ email: 'a@example.com', password: PASSWORD }), 'accounts_unavailable', 'closed port, again')
  // UNAVAILABLE with no trailer (nothing answered): the catalogue's Retry-After all the same.
  await t.rejects(client.getUserState(randomUUID()), { code: 'accounts_unavailable', headers: { 'retry-after': '1' } }, 'Retry-After')
})

t.test('gRPC transport: a call past its deadline is accounts_unavailable', async (t) => {
  const never = new Promise<never>(() => undefined)
  // Only the methods this test calls; the server never answers them.
  const stalled = { getServiceTotals: () => never } as unknown as UserService
  const server = await startUserServiceServer(stalled, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN })
  const client = createGrpcUserServiceClient(server.address, { internalToken: TEST_INTERNAL_TOKEN, callTimeoutMs: 200 })
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  await assertRejectsWithCode(t, client.getServiceTotals(), 'accounts_unavailable', 'deadline exceeded')
})
