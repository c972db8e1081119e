/**
 * Fuzz: ≥ 10,000 random and mutated requests — bodies, content types, headers, path parameters
 * and query strings — to every route the OpenAPI document lists, on a real stack. Whatever a
 * client sends, the edge answers with a status below 500 (aside from the documented answers of a
 * deployment without optional parts, as this stack is: 503 `relay_unavailable` (no relay) and 503
 * `billing_unavailable` (no Stripe key)), every error in the Error envelope,
 * the process does not crash, and memory is flat afterwards. The generator is seeded: a failure
 * names its seed and request, and replays.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import t from 'tap'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

// 10,000 requests on a loaded 2-core CI machine can take longer than tap's 60 s.
t.setTimeout(300_000)

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed)
const REQUESTS = 10_000

/** mulberry32: small, fast, seeded. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

interface Operation {
  method: string
  path: string
}

t.test(`fuzz every route with ${REQUESTS} requests (seed ${SEED})`, async (t) => {
  const stack = await startStack(t)
  // Limits off: a 429 is a fine answer, but the fuzz should reach the handlers behind them.
  const { app, user } = await createTestEdgeWithUser(t, stack, { usageFlushIntervalMs: 50 })
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = toBase64(
    await buildTransaction({
      feePayer: DEMO_WALLETS[0],
      blockhash: value.blockhash,
      instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
    }),
  )
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> }
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item))
      if (['get', 'post', 'put', 'delete', 'patch'].includes(method)) operations.push({ method: method.toUpperCase(), path })
  }
  t.ok(operations.length >= 25, `the document lists every route (${operations.length} operations)`)

  const random = createRandom(SEED)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const int = (max: number) => Math.floor(random() * max)
  const randomString = (max = 40): string => {
    const alphabets = [
      'abcdefghijklmnopqrstuvwxyz',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/=',
      '\u0000\u0001\u001f"\\\'{}[]<>%&?#',
      '€ü日本語🚀\u2028\ud800',
    ]
    const alphabet = pick(alphabets)
    let out = ''
    for (let i = int(max); i > 0; i--) out += alphabet[int(alphabet.length)]
    return out
  }
  const randomValue = (depth = 0): unknown => {
    switch (int(depth > 3 ? 7 : 10)) {
      case 0:
        return null
      case 1:
        return random() < 0.5
      case 2:
        return pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e-300, 49, 50, 800, 801, 1232])
      case 3:
        return randomString()
      case 4:
        return pick([transaction, transaction.slice(1), `${transaction}==`, 'AAAA', '', 'A'.repeat(3000), user.apiKey])
      case 5:
        return pick(['default', 'strict', 'permissive', 'mev', 'simulation', 'critical', 'not_a_thing'])
      case 6:
        return int(2 ** 31) - 2 ** 30
      case 7:
        return Array.from({ length: int(depth > 1 ? 3 : 60) }, () => randomValue(depth + 1))
      default: {
        // No prototype: a "__proto__" field is then a field of the body, as a client would send it.
        const object = Object.create(null) as Record<string, unknown>
        for (let i = int(6); i > 0; i--) object[pick(FIELD_NAMES)] = randomValue(depth + 1)
        return object
      }
    }
  }
  const validBodies: Record<string, unknown>[] = [
    { transaction },
    { transaction, vectors: ['mev', 'rug'], timeout_ms: 200, policy: { preset: 'strict', max_mev_score: 0.4 } },
    { transactions: [transaction, 'AAAA', transaction] },
    { name: 'fuzz key', expires_at: null },
    { email: 'fuzz@example.com', password: 'short' },
    { refresh_token: user.refreshToken },
    { program_ids: ['11111111111111111111111111111111'] },
    { transaction, use_relay: true, wait_confirmation: false, max_retries: 3 },
    { transaction, strategy: 'direct', tip_lamports: 1000 },
    { transaction, strategy: 'managed_tip_bundle', tip_lamports: 5000, wait_confirmation: false, deadline_ms: 2000 },
    { success_url: 'https://example.com/ok', cancel_url: 'https://example.com/no' },
  ]
  const mutate = (body: Record<string, unknown>): Record<string, unknown> => {
    const copy = Object.assign(Object.create(null) as Record<string, unknown>, body)
    const keys = Object.keys(copy)
    for (let i = 1 + int(3); i > 0; i--) {
      const action = int(4)
      const key = pick(keys.length > 0 ? keys : FIELD_NAMES)
      if (action === 0) delete copy[key]
      else if (action === 1) copy[key] = randomValue(1)
      else if (action === 2) copy[pick(FIELD_NAMES)] = randomValue(1)
      else copy[randomString(12)] = randomValue(2)
    }
    return copy
  }
  const randomPayload = (): string | Buffer | undefined => {
    switch (int(8)) {
      case 0:
        return undefined
      case 1:
        return Buffer.from(Array.from({ length: int(400) }, () => int(256)))
      case 2: {
        const text = JSON.stringify(mutate(pick(validBodies)))
        return text.slice(0, int(text.length))
      }
      case 3:
        return JSON.stringify(randomValue())
      case 4:
        return '{"a":'.repeat(int(2_000)) + '1' + '}'.repeat(int(2_000))
      default:
        return JSON.stringify(random() < 0.3 ? pick(validBodies) : mutate(pick(validBodies)))
    }
  }
  const credentials = (): Record<string, string> => {
    switch (int(9)) {
      case 0:
        return {}
      case 1:
        return { 'x-api-key': randomString(200) }
      case 2:
        return { 'x-api-key': `pf_live_${randomString(60)}` }
      case 3:
        return { authorization: pick(['Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${randomString(500)}`, 'bearer x.y.z']) }
      case 4:
        return { authorization: `Bearer ${user.token}`, 'x-api-key': user.apiKey }
      case 5:
      case 6:
        return { authorization: `Bearer ${user.token}` }
      default:
        return { 'x-api-key': user.apiKey }
    }
  }
  // A lone surrogate cannot be %-encoded: send the raw (invalid UTF-8) escape instead, a fine fuzz input too.
  const encode = (text: string): string => {
    try {
      return encodeURIComponent(text)
    } catch {
      return '%ED%A0%80'
    }
  }
  const fillPath = (path: string): string =>
    path.replace(/\{[^}]+\}/g, () =>
      encode(
        pick(['00000000-0000-0000-0000-000000000000', randomString(20), '11111111111111111111111111111111', 'x'.repeat(150), '..', '%']),
      ),
    )
  const query = (): string =>
    random() < 0.7
      ? ''
      : `?${Array.from({ length: 1 + int(4) }, () => `${pick(FIELD_NAMES)}=${encode(JSON.stringify(randomValue(3)) ?? '')}`).join('&')}`

  const fire = async (count: number, failures: string[]) => {
    for (let i = 0; i < count; i++) {
      const operation = pick(operations)
      // Never delete the fuzzing user itself: its credentials keep the authenticated paths reachable.
      const headers: Record<string, string> =
        operation.path === '/auth/account' ? { authorization: `Bearer ${randomString(80)}` } : credentials()
      if (random() < 0.8)
        headers['content-type'] = pick([
          'application/json',
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          randomString(30),
        ])
      if (random() < 0.1) headers['x-request-id'] = pick([randomString(300), 'abc', ''])
      if (random() < 0.05)
        headers[
          randomString(10)
            .toLowerCase()
            .replace(/[^a-z]/g, 'x') || 'x'
        ] = randomString(100)
      const payload = operation.method === 'GET' && random() < 0.8 ? undefined : randomPayload()
      const request = {
        method: operation.method,
        url: `${fillPath(operation.path)}${query()}`,
        headers,
        ...(payload === undefined ? {} : { payload }),
      }
      let response: LightMyRequestResponse
      try {
        response = await app.inject(request as InjectOptions)
      } catch (error) {
        failures.push(`${request.method} ${request.url}: inject threw ${String(error)}`)
        continue
      }
      const status = response.statusCode
      if (status >= 500 && !isUnconfiguredPart(response)) {
        failures.push(
          `${status} ${request.method} ${request.url} ${JSON.stringify(headers).slice(0, 200)} ${String(payload).slice(0, 200)} → ${response.body.slice(0, 300)}`,
        )
        continue
      }
      if (status >= 400) {
        const body = (() => {
          try {
            return JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown; request_id?: unknown } }
          } catch {
            return undefined
          }
        })()
        if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string' || typeof body.error.request_id !== 'string') {
          failures.push(`${status} without the Error envelope: ${request.method} ${request.url} → ${response.body.slice(0, 200)}`)
        }
      }
    }
  }

  setFlagsFromString('--expose_gc')
  const gc = runInNewContext('gc') as () => void
  const heapAfterGc = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const failures: string[] = []
  // A first round fills what is meant to fill (caches, compiled schemas, pools); the rounds after it measure.
  await fire(2_000, failures)
  const before = heapAfterGc()
  await fire(REQUESTS - 2_000, failures)
  await fire(2_000, failures)
  const after = heapAfterGc()
  t.same(failures.slice(0, 20), [], `no 5xx and every error enveloped (${failures.length} failures)`)
  t.ok(
    after - before < 48 * 1024 * 1024,
    `heap flat after ${REQUESTS} requests: ${((after - before) / 1024 / 1024).toFixed(1)} MiB growth`,
    { before, after },
  )
  const health = await app.inject({ method: 'GET', url: '/health' })
  t.equal(health.statusCode, 200, 'still serving afterwards')
})

/** A 503 relay_unavailable or billing_unavailable: the stack has no relay and no Stripe key, and a request that reaches them is told so (not a fault). */
function isUnconfiguredPart(response: LightMyRequestResponse): boolean {
  if (response.statusCode !== 503) return false
  try {
    const code = (JSON.parse(response.body) as { error?: { code?: unknown } }).error?.code
    return code === 'relay_unavailable' || code === 'billing_unavailable'
  } catch {
    return false
  }
}

const FIELD_NAMES = [
  'transaction',
  'transactions',
  'vectors',
  'timeout_ms',
  'policy',
  'replace_recent_blockhash',
  'name',
  'expires_at',
  'email',
  'password',
  'refresh_token',
  'program_ids',
  'use_relay',
  'wait_confirmation',
  'max_retries',
  'strategy',
  'tip_lamports',
  'deadline_ms',
  'success_url',
  'cancel_url',
  'limit',
  'cursor',
  'offset',
  'success',
  'since',
  'until',
  'risk_level',
  '__proto__',
  'constructor',
  'id',
] as const
