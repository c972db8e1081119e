/**
 * History, statistics, status and plans (docs/api.md) over REST (fastify inject), on a real
 * stack (localnet + engine) and a real accounts database: simulations run through the simulate
 * route, by API key and by bearer token, succeed and fail, and come back newest first with their
 * outcome, paged, filtered and counted; bad query parameters are 422 naming the parameter; another
 * user sees none of it. The clock moves by hand between simulations, so every record has its own
 * time and "today" can be crossed without sleeping.
 */
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { generateKeyPairSigner, getBase58Decoder, getTransactionDecoder, type Address, type KeyPairSigner } from '@solana/kit'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createTestUserService, createTestClock, registerTestUser } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson, postSimulate } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS
const DAY_MS = 86_400_000
/** 2031-05-04T10:00:00.000Z: mid-morning UTC, so "today" began 10 h earlier and ends 14 h later. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
const LIST_PATH = '/api/v1/solana/simulations'
const STATS_PATH = '/api/v1/solana/simulations/stats'
/** Rows written straight to history for a second user, to page past the default limit. */
const BULK_RECORDS = 60

/** What a history item should say about one simulate call, taken from the response the caller got. */
interface Expected {
  created_at: string
  success: boolean
  failure_code: string | null
  risk_level: string | null
  mev_level: string | null
  mev_score: number | null
  decision: string | null
  latency_ms: number
  signature: string | null
  api_key_id: string | null
}

interface HistoryItem extends Expected {
  id: string
  kind: string
  transaction: { status: string; route: string; landed_slot: number | null; matched: boolean | null } | null
}

interface Page {
  simulations: HistoryItem[]
  next_cursor: string | null
}

const base58 = getBase58Decoder()

/** The fee payer's signature of wire bytes in base58 (kit's decoder, not the edge's), or null when its slot is empty. */
function getPayerSignature(bytes: Uint8Array, payer: Address): string | null {
  const signature = getTransactionDecoder().decode(bytes).signatures[payer]
  return signature && signature.some((byte) => byte !== 0) ? base58.decode(signature) : null
}

/** The fields compared between what was run and what history lists. */
function pick(item: Expected): Expected {
  const { created_at, success, failure_code, risk_level, mev_level, mev_score, decision, latency_ms, signature, api_key_id } = item
  return { created_at, success, failure_code, risk_level, mev_level, mev_score, decision, latency_ms, signature, api_key_id }
}

/** percentile_cont over `values`, as PostgreSQL computes it. */
function getPercentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const position = fraction * (sorted.length - 1)
  const lower = sorted[Math.floor(position)] ?? 0
  const upper = sorted[Math.ceil(position)] ?? 0
  return lower + (upper - lower) * (position - Math.floor(position))
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

function countBy<T>(items: T[], key: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) {
    const value = key(item)
    if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1)
  }
  return counts
}

function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers })
}

async function getPage(t: Test, app: FastifyInstance, query: string, headers: Record<string, string>): Promise<Page> {
  const response = await get(app, `${LIST_PATH}${query}`, headers)
  t.equal(response.statusCode, 200, `GET ${query || '(no query)'}: 200`, { body: response.body.slice(0, 500) })
  const page = getJson<Page>(response)
  if (!page) throw new Error(`not JSON: ${response.body.slice(0, 200)}`)
  return page
}

/** Follows next_cursor from `query` to the end; returns every item in the order served. */
async function getAllPages(t: Test, app: FastifyInstance, query: string, headers: Record<string, string>, limit: number) {
  const items: HistoryItem[] = []
  const pageSizes: number[] = []
  let cursor: string | null = null
  do {
    const separator = query ? '&' : ''
    const suffix: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
    const page = await getPage(t, app, `?${query}${separator}limit=${limit}${suffix}`, headers)
    items.push(...page.simulations)
    pageSizes.push(page.simulations.length)
    cursor = page.next_cursor
    if (pageSizes.length > 100) throw new Error('paging does not end')
  } while (cursor !== null)
  return { items, pageSizes }
}

t.test('history, statistics, status and plans over REST', async (t) => {
  const stack = await startStack(t)
  const users = await createTestUserService(t, { clock: createTestClock(START_MS) })
  const { clock } = users
  const { app, user } = await createTestEdgeWithUser(t, stack, { users })
  const byKey = { 'x-api-key': user.apiKey }
  const byToken = { authorization: `Bearer ${user.token}` }

  const payer = await generateKeyPairSigner()
  const unfunded = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 5_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const neverSeenBlockhash = base58.decode(new Uint8Array(32).fill(7))

  // A mix: successes and three kinds of failure, signed and unsigned, by key and by token. Each
  // lamport amount differs, so every signed transaction has its own signature.
  type Kind = 'success' | 'unfunded payer' | 'beyond balance' | 'unknown blockhash'
  const plan: [kind: Kind, signed: boolean, credential: 'key' | 'token'][] = [
    ['success', true, 'key'],
    ['success', false, 'token'],
    ['unfunded payer', true, 'key'],
    ['success', true, 'token'],
    ['unknown blockhash', true, 'token'],
    ['beyond balance', false, 'key'],
    ['success', false, 'key'],
    ['unfunded payer', false, 'token'],
    ['success', true, 'key'],
    ['unknown blockhash', false, 'key'],
    ['success', true, 'token'],
    ['beyond balance', true, 'token'],
    ['success', false, 'key'],
  ]
  const expected: Expected[] = []
  for (const [index, [kind, signed, credential]] of plan.entries()) {
    const from: KeyPairSigner = kind === 'unfunded payer' ? unfunded : payer
    const lamports = kind === 'beyond balance' ? 100_000_000_000n : BigInt(1_000 + index)
    const bytes = await buildTransaction({
      feePayer: from.address,
      blockhash: kind === 'unknown blockhash' ? neverSeenBlockhash : value.blockhash,
      instructions: [transferSol(from.address, DEMO_WALLETS[0], lamports)],
      ...(signed ? { signers: [from] } : {}),
    })
    clock.nowMs += SECOND_MS
    const response = await postSimulate(app, { transaction: toBase64(bytes) }, credential === 'key' ? byKey : byToken)
    if (response.statusCode !== 200) throw new Error(`simulation ${index}: ${response.statusCode} ${response.body.slice(0, 300)}`)
    const body = getJson<SimulateResponse>(response) as SimulateResponse
    if (body.success !== (kind === 'success'))
      throw new Error(`simulation ${index} (${kind}): success ${body.success} ${body.failure_reason}`)
    const signature = getPayerSignature(bytes, from.address)
    if ((signature !== null) !== signed) throw new Error(`simulation ${index}: the signature slot does not match the plan`)
    expected.push({
      created_at: new Date(clock.nowMs).toISOString(),
      success: body.success,
      failure_code: body.failure_code,
      risk_level: body.risk.risk_level,
      mev_level: body.risk.mev_level,
      mev_score: body.risk.mev_score,
      decision: body.decision,
      latency_ms: body.latency_ms,
      signature,
      api_key_id: credential === 'key' ? user.apiKeyId : null,
    })
  }
  const newestFirst = [...expected].reverse()
  const failureCodes = new Set(expected.map((item) => item.failure_code))
  t.ok(failureCodes.has('insufficient_sol') && failureCodes.has('blockhash_expired'), 'the mix holds more than one failure code', {
    failureCodes: [...failureCodes],
  })

  // A second user with more rows than a default page, written straight to history (no need to
  // simulate them: this user exists for paging and for the service-wide totals).
  const bulkUser = await registerTestUser(app, 'bulk')
  const bulkUserId = getJson<{ id: string }>(await get(app, '/auth/me', { authorization: `Bearer ${bulkUser.token}` }))?.id ?? ''
  const bulk: SimulationRecord[] = Array.from({ length: BULK_RECORDS }, (_, i) => ({
    userId: bulkUserId,
    apiKeyId: bulkUser.apiKeyId,
    createdAtMs: START_MS - (i + 1) * MINUTE_MS,
    success: i % 4 !== 0,
    decision: i % 4 !== 0 ? 'approve' : 'block',
    riskLevel: i % 4 !== 0 ? 'safe' : 'high',
    mevScore: 0,
    mevLevel: 'none',
    failureCode: i % 4 !== 0 ? null : 'insufficient_sol',
    failureReason: i % 4 !== 0 ? null : 'no SOL',
    computeUnits: 150,
    feeEstimateSol: 0.000005,
    latencyMs: 1 + i * 0.5,
    signature: null,
    cached: false,
  }))
  await users.userService.recordSimulations(bulk)
  /** Rows later subtests write that the service totals count (an execute does; a send does not). */
  const countedLater: { success: boolean; latency: number }[] = []

  t.test('the list holds every simulation newest first, with its outcome, signature and key', async (t) => {
    const page = await getPage(t, app, '?limit=200', byToken)
    t.equal(page.next_cursor, null, 'one page holds them all')
    t.strictSame(page.simulations.map(pick), newestFirst, 'newest first, each as the simulate response said')
    t.equal(new Set(page.simulations.map((item) => item.id)).size, plan.length, 'every item has its own id')
    t.ok(
      page.simulations.some((item) => item.signature !== null) && page.simulations.some((item) => item.signature === null),
      'signed and unsigned ones',
    )
    t.ok(page.simulations.filter((item) => item.api_key_id === null).length > 0, 'bearer simulations carry api_key_id null')
    t.ok(
      page.simulations.every((item) => item.kind === 'simulate' && item.transaction === null),
      'simulates: kind simulate, no transaction',
    )
    const viaKey = await getPage(t, app, '?limit=200', byKey)
    t.strictSame(viaKey.simulations, page.simulations, 'the same list with the API key (either credential)')
    assertErrorEnvelope(t, await get(app, LIST_PATH), 'unauthorized', 'no credential')
    assertErrorEnvelope(t, await get(app, STATS_PATH), 'unauthorized', 'stats without a credential')
  })

  t.test('limit and next_cursor visit every record once, in order', async (t) => {
    for (const limit of [1, 4, 5, plan.length, plan.length + 1]) {
      const { items, pageSizes } = await getAllPages(t, app, '', byKey, limit)
      t.strictSame(items.map(pick), newestFirst, `limit ${limit}: every record once, newest first`)
      t.ok(
        pageSizes.slice(0, -1).every((size) => size === limit),
        `limit ${limit}: every page but the last is full`,
        { pageSizes },
      )
      t.equal(pageSizes.length, Math.max(1, Math.ceil(plan.length / limit)), `limit ${limit}: no empty trailing page`, {
        pageSizes,
      })
    }
    const failures = await getAllPages(t, app, 'success=false', byToken, 2)
    t.strictSame(
      failures.items.map(pick),
      newestFirst.filter((item) => !item.success),
      'paging keeps a filter',
    )
  })

  t.test('filters: success, risk_level, since, until', async (t) => {
    const successes = await getPage(t, app, '?success=true&limit=200', byKey)
    t.strictSame(
      successes.simulations.map(pick),
      newestFirst.filter((item) => item.success),
      'success=true',
    )
    const failures = await getPage(t, app, '?success=false&limit=200', byKey)
    t.strictSame(
      failures.simulations.map(pick),
      newestFirst.filter((item) => !item.success),
      'success=false',
    )
    t.ok(successes.simulations.length > 0 && failures.simulations.length > 0, 'both sides are non-empty')

    const levels = [...new Set(expected.map((item) => item.risk_level))]
    t.ok(levels.length >= 2, 'the mix has more than one risk level', { levels })
    for (const level of ['safe', 'low', 'medium', 'high', 'critical']) {
      const page = await getPage(t, app, `?risk_level=${level}&limit=200`, byKey)
      t.strictSame(
        page.simulations.map(pick),
        newestFirst.filter((item) => item.risk_level === level),
        `risk_level=${level}`,
      )
    }

    const since = expected[3]?.created_at ?? ''
    const until = expected[8]?.created_at ?? ''
    const window = newestFirst.filter((item) => item.created_at >= since && item.created_at <= until)
    t.equal(window.length, 6, 'since and until are both inclusive')
    const both = await getPage(t, app, `?since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}&limit=200`, byKey)
    t.strictSame(both.simulations.map(pick), window, 'since + until')
    const onlySince = await getPage(t, app, `?since=${encodeURIComponent(since)}&limit=200`, byKey)
    t.strictSame(
      onlySince.simulations.map(pick),
      newestFirst.filter((item) => item.created_at >= since),
      'since alone',
    )
    const onlyUntil = await getPage(t, app, `?until=${encodeURIComponent(until)}&limit=200`, byKey)
    t.strictSame(
      onlyUntil.simulations.map(pick),
      newestFirst.filter((item) => item.created_at <= until),
      'until alone',
    )
    // The same instant with an offset.
    const offsetSince = new Date(Date.parse(since) + 2 * 60 * MINUTE_MS).toISOString().replace('Z', '+02:00')
    const withOffset = await getPage(t, app, `?since=${encodeURIComponent(offsetSince)}&limit=200`, byKey)
    t.strictSame(withOffset.simulations.map(pick), onlySince.simulations.map(pick), 'an offset names the same instant')
    const reversed = await getPage(t, app, `?since=${encodeURIComponent(until)}&until=${encodeURIComponent(since)}`, byKey)
    t.strictSame(reversed, { simulations: [], next_cursor: null }, 'since after until: an empty page, not an error')
    const combined = await getPage(
      t,
      app,
      `?success=true&since=${encodeURIComponent(since)}&until=${encodeURIComponent(until)}&limit=200`,
      byKey,
    )
    t.strictSame(
      combined.simulations.map(pick),
      window.filter((item) => item.success),
      'filters combine',
    )
  })

  t.test('signature: the records of one transaction, with the other filters and paging', async (t) => {
    const signed = newestFirst.filter((item) => item.signature !== null)
    t.ok(signed.some((item) => item.success) && signed.some((item) => !item.success), 'signed successes and failures')
    for (const item of signed) {
      const page = await getPage(t, app, `?signature=${item.signature}`, byKey)
      t.strictSame(page, { simulations: page.simulations, next_cursor: null }, 'one page')
      t.strictSame(page.simulations.map(pick), [item], `${item.signature}: its one record`)
    }
    const failure = signed.find((item) => !item.success) as Expected
    t.strictSame(
      (await getPage(t, app, `?signature=${failure.signature}&success=false`, byToken)).simulations.map(pick),
      [failure],
      'with success=false: the record',
    )
    t.strictSame(
      await getPage(t, app, `?signature=${failure.signature}&success=true`, byToken),
      { simulations: [], next_cursor: null },
      'with success=true: nothing',
    )
    const nobodys = base58.decode(new Uint8Array(64).fill(9))
    t.strictSame(await getPage(t, app, `?signature=${nobodys}`, byKey), { simulations: [], next_cursor: null }, 'no record of it: empty')

    // One transaction recorded several times (simulated again and again, then executed), between
    // unsigned records and another transaction's, written straight to history for a user of its own.
    const finder = await registerTestUser(app, 'finder')
    const headers = { 'x-api-key': finder.apiKey }
    const finderId = getJson<{ id: string }>(await get(app, '/auth/me', { authorization: `Bearer ${finder.token}` }))?.id ?? ''
    const [sought, other] = [5, 6].map((byte) => base58.decode(new Uint8Array(64).fill(byte))) as [string, string]
    const template = bulk[0] as SimulationRecord
    const records: SimulationRecord[] = Array.from({ length: 12 }, (_, i) => ({
      ...template,
      userId: finderId,
      apiKeyId: finder.apiKeyId,
      createdAtMs: clock.nowMs - (i + 1) * SECOND_MS,
      signature: i % 3 === 0 ? null : i % 3 === 1 ? sought : other,
      success: i % 2 === 0,
      riskLevel: i < 6 ? 'high' : 'safe',
    }))
    await users.userService.recordSimulations(records)
    countedLater.push(...records.map((record) => ({ success: record.success, latency: record.latencyMs })))
    const times = (keep: (record: SimulationRecord) => boolean) =>
      records.filter((record) => record.signature === sought && keep(record)).map((record) => new Date(record.createdAtMs).toISOString())
    const timesOf = (items: HistoryItem[]) => items.map((item) => item.created_at)

    const all = await getPage(t, app, `?signature=${sought}`, headers)
    t.strictSame(
      timesOf(all.simulations),
      times(() => true),
      'every record of it, newest first',
    )
    t.ok(
      all.simulations.every((item) => item.signature === sought),
      'and nothing else',
    )
    const paged = await getAllPages(t, app, `signature=${sought}`, headers, 1)
    t.strictSame(
      timesOf(paged.items),
      times(() => true),
      'limit=1 and next_cursor visit each once, in order',
    )
    t.strictSame(paged.pageSizes, [1, 1, 1, 1], 'four pages, no empty trailing one')
    const highSuccesses = await getAllPages(t, app, `signature=${sought}&risk_level=high&success=true`, headers, 1)
    t.strictSame(
      timesOf(highSuccesses.items),
      times((record) => record.riskLevel === 'high' && record.success),
      'combined with risk_level and success, paged',
    )
    const since = new Date(clock.nowMs - 8 * SECOND_MS).toISOString()
    t.strictSame(
      timesOf((await getPage(t, app, `?signature=${sought}&since=${encodeURIComponent(since)}`, headers)).simulations),
      times((record) => record.createdAtMs >= clock.nowMs - 8 * SECOND_MS),
      'combined with since',
    )
    t.strictSame(
      await getPage(t, app, `?signature=${sought}`, byKey),
      { simulations: [], next_cursor: null },
      "another user asking for this user's signature: an empty page",
    )
  })

  t.test('default limit 50; limit=200 accepted', async (t) => {
    const bulkHeaders = { 'x-api-key': bulkUser.apiKey }
    const first = await getPage(t, app, '', bulkHeaders)
    t.equal(first.simulations.length, 50, 'no limit: 50 items')
    t.type(first.next_cursor, 'string', 'and a cursor to the rest')
    const rest = await getPage(t, app, `?cursor=${encodeURIComponent(first.next_cursor ?? '')}`, bulkHeaders)
    t.equal(rest.simulations.length, BULK_RECORDS - 50, 'the cursor leads to the other 10')
    t.equal(rest.next_cursor, null, 'and no further')
    const all = await getPage(t, app, '?limit=200', bulkHeaders)
    t.equal(all.simulations.length, BULK_RECORDS, 'limit=200 returns all 60')
    t.equal(all.next_cursor, null)
    t.strictSame(
      all.simulations.map((item) => item.id),
      [...first.simulations, ...rest.simulations].map((item) => item.id),
      'the same order either way',
    )
    t.strictSame(
      all.simulations.map((item) => item.created_at),
      bulk.map((record) => new Date(record.createdAtMs).toISOString()),
      'newest first',
    )
  })

  t.test('bad query parameters: 422 validation_error naming the parameter; the table is intact', async (t) => {
    const [before] = await users.db.query<{ n: string }>('SELECT count(*) AS n FROM simulations')
    const cases: [query: string, param: string][] = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=', 'limit'],
      ['success=yes', 'success'],
      ['success=1', 'success'],
      ['since=garbage', 'since'],
      ['since=2031-02-30T00:00:00Z', 'since'],
      ['until=yesterday', 'until'],
      // Outside what PostgreSQL reads back from JavaScript's ISO text: a 500 (22008) before.
      ['since=0000-01-01', 'since'],
      ['until=0000-12-31T23:59:59Z', 'until'],
      ['since=0001-01-01T00:30:00%2B01:00', 'since'],
      [`cursor=${Buffer.from(`0000-01-01T00:00:00.000000Z|${user.apiKeyId}`).toString('base64url')}`, 'cursor'],
      ['risk_level=bad', 'risk_level'],
      ['risk_level=HIGH', 'risk_level'],
      ['offset=-1', 'offset'],
      ['color=blue', 'color'],
      ['limit=1&limit=2', 'limit'],
      ['success=true&success=false', 'success'],
      [`cursor=${encodeURIComponent(`' OR 1=1 --`)}`, 'cursor'],
      [`cursor=${encodeURIComponent(`'; DROP TABLE simulations; --`)}`, 'cursor'],
      [`cursor=${Buffer.from(`2031-05-04T10:00:00.000000Z|' OR '1'='1`).toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from(`'; DELETE FROM simulations; --|${user.apiKeyId}`).toString('base64url')}`, 'cursor'],
      [`risk_level=${encodeURIComponent(`high' OR '1'='1`)}`, 'risk_level'],
      ['signature=', 'signature'],
      ['signature=abc', 'signature'],
      [`signature=${'1'.repeat(63)}`, 'signature'],
      [`signature=${'2'.repeat(89)}`, 'signature'],
      [`signature=${'0'.repeat(88)}`, 'signature'],
      [`signature=${'l'.repeat(88)}`, 'signature'],
      [`signature=${base58.decode(new Uint8Array(64).fill(5))}&signature=${base58.decode(new Uint8Array(64).fill(6))}`, 'signature'],
      [`signature=${encodeURIComponent(`${base58.decode(new Uint8Array(64).fill(5))}' OR '1'='1`)}`, 'signature'],
    ]
    for (const [query, param] of cases) {
      const error = assertErrorEnvelope(t, await get(app, `${LIST_PATH}?${query}`, byKey), 'validation_error', query)
      t.match(error?.message, new RegExp(`^${param}\\b`), `${query}: the message names ${param}`, { got: error?.message })
    }
    const statsError = assertErrorEnvelope(t, await get(app, `${STATS_PATH}?limit=5`, byKey), 'validation_error', 'stats take no parameter')
    t.match(statsError?.message, /^limit\b/, 'the message names it')
    const [after] = await users.db.query<{ n: string }>('SELECT count(*) AS n FROM simulations')
    t.equal(after?.n, before?.n, 'the simulations table is intact')
    t.equal((await getPage(t, app, '?limit=200', byKey)).simulations.length, plan.length, 'and the history unchanged')
  })

  t.test('executes, sends and submits are listed with their transaction; neither a send nor a submit is a simulation', async (t) => {
    const trader = await registerTestUser(app, 'trader')
    const headers = { 'x-api-key': trader.apiKey }
    const traderId = getJson<{ id: string }>(await get(app, '/auth/me', { authorization: `Bearer ${trader.token}` }))?.id ?? ''
    const [executed, sent, submitted] = [1, 2, 3].map((byte) => base58.decode(new Uint8Array(64).fill(byte))) as [string, string, string]
    const tracking = {
      userId: traderId,
      kind: 'execute' as const,
      status: 'finalized' as const,
      route: 'direct_rpc' as const,
      attempts: 1,
      endpoints: ['127.0.0.1:8899'],
      wireTransaction: new Uint8Array([1]),
      lastValidBlockHeight: 50,
      landedSlot: 12,
      transactionError: null,
      prediction: null,
      outcome: { landed_slot: 12, matched: true, differences: [] },
      strategy: null,
      relayBundleId: null,
      tipLamports: null,
      dropReason: null,
      createdAtMs: clock.nowMs,
      updatedAtMs: clock.nowMs,
    }
    await users.userService.trackTransaction({ ...tracking, signature: executed }, 0)
    await users.userService.trackTransaction(
      { ...tracking, signature: sent, kind: 'send', status: 'pending', landedSlot: null, outcome: null },
      0,
    )
    await users.userService.trackTransaction(
      {
        ...tracking,
        signature: submitted,
        kind: 'submit',
        route: 'relay_bundle',
        strategy: 'managed_tip_bundle',
        relayBundleId: 'b-3',
        tipLamports: 7_000n,
      },
      0,
    )
    const record = bulk[0] as SimulationRecord
    await users.userService.recordSimulations([
      { ...record, userId: traderId, apiKeyId: trader.apiKeyId, createdAtMs: clock.nowMs - 1, kind: 'execute', signature: executed },
      { ...record, userId: traderId, apiKeyId: trader.apiKeyId, createdAtMs: clock.nowMs - 2, kind: 'send', signature: sent },
      { ...record, userId: traderId, apiKeyId: trader.apiKeyId, createdAtMs: clock.nowMs - 3, signature: null },
      {
        ...record,
        userId: traderId,
        apiKeyId: trader.apiKeyId,
        createdAtMs: clock.nowMs - 4,
        kind: 'submit',
        signature: submitted,
        strategy: 'managed_tip_bundle',
        billable: true,
        bundleId: 'b-3',
        tipLamports: '7000',
      },
    ])
    const notSubmitted = { strategy: null, billable: null, bundle_id: null, tip_lamports: null }
    const page = await getPage(t, app, '', headers)
    t.strictSame(
      page.simulations.map(({ kind, transaction, signature }) => ({ kind, transaction, signature })),
      [
        {
          kind: 'execute',
          transaction: { status: 'finalized', route: 'direct_rpc', landed_slot: 12, matched: true, ...notSubmitted },
          signature: executed,
        },
        {
          kind: 'send',
          transaction: { status: 'pending', route: 'direct_rpc', landed_slot: null, matched: null, ...notSubmitted },
          signature: sent,
        },
        { kind: 'simulate', transaction: null, signature: null },
        {
          kind: 'submit',
          transaction: {
            status: 'finalized',
            route: 'relay_bundle',
            landed_slot: 12,
            matched: true,
            strategy: 'managed_tip_bundle',
            billable: true,
            bundle_id: 'b-3',
            tip_lamports: '7000',
          },
          signature: submitted,
        },
      ],
      'kind and transaction are in the REST answer',
    )
    t.match(
      getJson(await get(app, STATS_PATH, headers)),
      { total_simulations: 2, simulations_today: 2 },
      'the send and the submit are not counted',
    )
    countedLater.push({ success: record.success, latency: record.latencyMs }, { success: record.success, latency: record.latencyMs })
  })

  t.test('another user sees none of it', async (t) => {
    const stranger = await registerTestUser(app, 'stranger')
    for (const headers of [{ 'x-api-key': stranger.apiKey }, { authorization: `Bearer ${stranger.token}` }] as Record<string, string>[]) {
      t.strictSame(await getPage(t, app, '?limit=200', headers), { simulations: [], next_cursor: null }, 'an empty list')
      const stats = await get(app, STATS_PATH, headers)
      t.equal(stats.statusCode, 200)
      const { daily, ...figures } = getJson<Record<string, unknown>>(stats) ?? {}
      t.equal((daily as unknown[]).length, 14, 'fourteen days')
      t.ok(
        (daily as Array<Record<string, unknown>>).every((day) => day.simulations === 0 && day.latency_p50_ms === null),
        'none with a simulation',
      )
      t.strictSame(
        figures,
        {
          total_simulations: 0,
          success_count: 0,
          fail_count: 0,
          success_rate: 0,
          avg_latency_ms: 0,
          avg_mev_score: 0,
          mev_distribution: {},
          top_failure_reasons: [],
          risk_distribution: [],
          simulations_today: 0,
          simulations_7d: 0,
        },
        'statistics of nothing',
      )
    }
    // A cursor of the first user's list does not open it to another user.
    const cursor = (await getPage(t, app, '?limit=2', byKey)).next_cursor ?? ''
    t.strictSame(
      await getPage(t, app, `?cursor=${encodeURIComponent(cursor)}`, { 'x-api-key': stranger.apiKey }),
      { simulations: [], next_cursor: null },
      "another user's cursor reads only the caller's rows",
    )
    for (const item of expected.filter((record) => record.signature !== null)) {
      t.strictSame(
        await getPage(t, app, `?signature=${item.signature}`, { 'x-api-key': stranger.apiKey }),
        { simulations: [], next_cursor: null },
        "another user's signature: an empty page",
      )
    }
  })

  t.test('statistics match what was run', async (t) => {
    const response = await get(app, STATS_PATH, byToken)
    t.equal(response.statusCode, 200, { body: response.body })
    const stats = getJson<Record<string, unknown>>(response) ?? {}
    t.strictSame(
      Object.keys(stats).sort(),
      [
        'avg_latency_ms',
        'avg_mev_score',
        'daily',
        'fail_count',
        'mev_distribution',
        'risk_distribution',
        'simulations_7d',
        'simulations_today',
        'success_count',
        'success_rate',
        'top_failure_reasons',
        'total_simulations',
      ],
      'the shape B fields',
    )
    const successes = expected.filter((item) => item.success).length
    t.equal(stats.total_simulations, plan.length, 'total')
    t.equal(stats.success_count, successes, 'success_count')
    t.equal(stats.fail_count, plan.length - successes, 'fail_count')
    t.equal(stats.success_rate, round(successes / plan.length, 4), 'success_rate')
    t.equal(stats.simulations_today, plan.length, 'simulations_today')
    t.equal(stats.simulations_7d, plan.length, 'simulations_7d')
    const meanLatency = expected.reduce((sum, item) => sum + item.latency_ms, 0) / plan.length
    t.ok(Math.abs((stats.avg_latency_ms as number) - meanLatency) <= 0.0011, 'avg_latency_ms', {
      got: stats.avg_latency_ms,
      meanLatency,
    })
    const meanMev = expected.reduce((sum, item) => sum + (item.mev_score ?? 0), 0) / plan.length
    t.ok(Math.abs((stats.avg_mev_score as number) - meanMev) <= 0.00011, 'avg_mev_score', { got: stats.avg_mev_score, meanMev })
    t.strictSame(stats.mev_distribution, Object.fromEntries(countBy(expected, (item) => item.mev_level)), 'mev_distribution')
    const failureCounts = [
      ...countBy(
        expected.filter((item) => !item.success),
        (item) => item.failure_code,
      ),
    ]
      .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))
      .map(([code, count]) => ({ code, count }))
    t.strictSame(stats.top_failure_reasons, failureCounts, 'top_failure_reasons: by count, then code')
    const riskCounts = countBy(expected, (item) => item.risk_level)
    t.strictSame(
      stats.risk_distribution,
      ['safe', 'low', 'medium', 'high', 'critical']
        .filter((level) => riskCounts.has(level))
        .map((level) => ({ level, count: riskCounts.get(level) })),
      'risk_distribution, least to most severe',
    )
    const daily = stats.daily as Array<Record<string, unknown>>
    const today = daily.at(-1) ?? {}
    t.equal(daily.length, 14, 'fourteen days by default')
    t.equal(today.date, new Date(clock.nowMs).toISOString().slice(0, 10), "today last, the service clock's")
    t.equal(today.simulations, plan.length, "today's simulations: all of them")
    for (const decision of ['approve', 'warn', 'block'] as const) {
      t.equal(today[decision], expected.filter((item) => item.decision === decision).length, `today's ${decision}`)
    }
    t.equal(
      daily.slice(0, -1).reduce((sum, day) => sum + (day.simulations as number), 0),
      0,
      'no earlier day',
    )
    const viaKey = await get(app, STATS_PATH, byKey)
    t.strictSame(getJson(viaKey), stats, 'the same figures with the API key')
    const three = getJson<{ daily: unknown[] }>(await get(app, `${STATS_PATH}?days=3`, byKey))
    t.strictSame(three?.daily, daily.slice(-3), '?days=3: the last three days')
    for (const query of ['?days=0', '?days=91', '?days=two', '?days=3&days=4', '?day=3']) {
      const refused = await get(app, `${STATS_PATH}${query}`, byKey)
      t.equal(refused.statusCode, 422, `${query}: ${refused.body}`)
    }
  })

  t.test('GET /api/v1/status: shape A without credentials', async (t) => {
    const response = await get(app, '/api/v1/status')
    t.equal(response.statusCode, 200, { body: response.body })
    const status = getJson<Record<string, unknown>>(response) ?? {}
    t.strictSame(
      Object.keys(status).sort(),
      [
        'latency_p50_ms',
        'latency_p95_ms',
        'latency_p99_ms',
        'simulations_24h',
        'status',
        'success_rate_24h',
        'total_simulations',
        'uptime_pct',
      ],
      'the shape A fields',
    )
    t.equal(status.status, 'operational')
    const all = [
      ...expected.map((item) => ({ success: item.success, latency: item.latency_ms })),
      ...bulk.map((r) => ({ success: r.success, latency: r.latencyMs })),
      ...countedLater,
    ]
    t.ok((status.total_simulations as number) >= plan.length, 'total_simulations counts at least what this test ran')
    t.equal(status.total_simulations, all.length, 'exactly every row of this database')
    t.equal(status.simulations_24h, all.length, 'all within the last 24 h')
    t.equal(status.success_rate_24h, round(all.filter((row) => row.success).length / all.length, 4), 'success_rate_24h')
    const latencies = all.map((row) => row.latency)
    for (const [field, fraction] of [
      ['latency_p50_ms', 0.5],
      ['latency_p95_ms', 0.95],
      ['latency_p99_ms', 0.99],
    ] as const) {
      t.type(status[field], 'number', `${field} is a number`)
      const want = getPercentile(latencies, fraction)
      t.ok(Math.abs((status[field] as number) - want) <= 0.0011, `${field} is the ${fraction} percentile`, {
        got: status[field],
        want,
      })
    }
    t.ok(
      (status.latency_p50_ms as number) <= (status.latency_p95_ms as number) &&
        (status.latency_p95_ms as number) <= (status.latency_p99_ms as number),
      'p50 ≤ p95 ≤ p99',
    )
    t.type(status.uptime_pct, 'number')
    t.ok((status.uptime_pct as number) >= 0 && (status.uptime_pct as number) <= 100, 'uptime_pct is a percentage')
  })

  t.test('GET /api/v1/plans without credentials', async (t) => {
    const response = await get(app, '/api/v1/plans')
    t.equal(response.statusCode, 200)
    t.strictSame(
      getJson(response),
      { model: 'pay_as_you_go', analysis_free_tier: 1000, analysis_rate: 0.002, billing_enabled: false },
      'exactly schedule 1, billing off (no Stripe settings)',
    )
    const withKey = await get(app, '/api/v1/plans', byKey)
    t.strictSame(getJson(withKey), getJson(response), 'a credential changes nothing')
  })

  t.test('a day later: nothing is "today", all of it is within 7 days', async (t) => {
    clock.nowMs = START_MS + DAY_MS
    // The bearer token expired with the day; the API key has no end.
    const stats = getJson<Record<string, number>>(await get(app, STATS_PATH, byKey)) ?? {}
    t.equal(stats.total_simulations, plan.length)
    t.equal(stats.simulations_today, 0, 'simulations_today restarts at 00:00 UTC')
    t.equal(stats.simulations_7d, plan.length, 'simulations_7d still holds them')
    clock.nowMs = START_MS + 8 * DAY_MS
    const later = getJson<Record<string, number>>(await get(app, STATS_PATH, byKey)) ?? {}
    t.equal(later.simulations_7d, 0, 'after 8 days, none are within 7 days')
    t.equal(later.total_simulations, plan.length, 'but the total keeps them')
  })
})
