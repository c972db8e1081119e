// The result cache: a request seen again is kept, and from then on answered from
// cache within a slot, as a copy marked `cached`, only while nothing the simulation read has
// changed; anything else misses. A request seen once keeps nothing.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { startEngineServer } from '../../../../engine/server.js'
import { createReadRecorder } from '../../../../engine/hot-path/simulate/read-recorder.js'
import { getRequestHash } from '../../../../engine/hot-path/simulate/request-identity.js'
import { createResultCache } from '../../../../engine/hot-path/simulate/result-cache.js'
import { parseSimulateOptions } from '../../../../engine/hot-path/simulate/simulate-options.js'
import type { SimulateDependencies } from '../../../../engine/hot-path/simulate/simulate-transaction.js'
import { isSimulationCurrent } from '../../../../engine/hot-path/simulate/simulation-reads.js'
import { VECTORS } from '../../../../engine/contract/vectors.js'
import { type SimulateOptions } from '../../../../engine/contract/simulate-request.js'
import { type SimulateResponse } from '../../../../engine/contract/simulate-response.js'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import type { AccountEntry } from '../../../../engine/hot-path/state/cached-account.js'
import { createGrpcEngineClient } from '../../../../engine/client/grpc-engine-client.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

// Nothing moves unless the test moves it: no background refresh, no chain poll.
const STILL = { ACCOUNT_CACHE_FRESH_MS: '3600000', CHAIN_POLL_MS: '60000' }
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

async function fundedTransfer(stack: Stack, lamports = 1_000_000n): Promise<{ payer: Address; bytes: Uint8Array }> {
  const payer = (await generateKeyPairSigner()).address
  await stack.rpc('requestAirdrop', [payer, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const recipient = (await generateKeyPairSigner()).address
  return {
    payer,
    bytes: await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, recipient, lamports)] }),
  }
}

function withoutLatency(response: SimulateResponse): Omit<SimulateResponse, 'latency_ms' | 'cached'> {
  const { latency_ms: _latency, cached: _cached, ...rest } = response
  return rest
}

t.test('the same request three times in one slot: kept the second time, a cached copy the third', async (t) => {
  const stack = await startStack(t, { engineEnv: STILL })
  const { engine } = stack
  const { bytes } = await fundedTransfer(stack)

  const first = await engine.simulate(bytes)
  t.equal(first.success, true, first.failure_reason ?? '')
  t.equal(first.cached, false, 'a fresh answer says so')
  t.equal(engine.resultCache.size, 0, 'a request seen once is not kept')
  t.equal(engine.resultCache.stats.stored, 0)
  const second = await engine.simulate(bytes)
  t.equal(second.cached, false, 'seen again: simulated, and kept')
  t.equal(engine.resultCache.size, 1)
  second.success = false
  second.decision = 'block'
  const cached = await engine.simulate(bytes)
  t.equal(cached.cached, true)
  t.not(cached, first, 'a copy, not the first answer')
  t.strictSame(
    withoutLatency(cached),
    withoutLatency(first),
    'every other field is the same, whatever the caller that stored it did to its own',
  )
  t.ok(cached.latency_ms >= 0 && Number.isFinite(cached.latency_ms), 'latency_ms is the lookup time')

  cached.success = false
  cached.decision = 'block'
  const third = await engine.simulate(bytes)
  t.equal(third.cached, true)
  t.equal(third.success, true, 'what a caller does to its answer does not reach the cache')
  t.equal(third.decision, 'approve')

  const spelledOtherwise = await engine.simulate(bytes, {
    vectors: [...VECTORS].reverse(),
    timeoutMs: 800,
    replaceRecentBlockhash: false,
    policy: { preset: 'default' },
  })
  t.equal(spelledOtherwise.cached, true, 'the defaults spelled out are the same request')

  const distinct: Array<[string, SimulateOptions]> = [
    ['other vectors', { vectors: ['simulation'] }],
    ['another timeout', { timeoutMs: 500 }],
    ['a preset', { policy: 'strict' }],
    ['a policy field', { policy: { max_fee_sol: 1 } }],
    ['a tenant', { tenantId: 'tenant-a' }],
    ['another tenant', { tenantId: 'tenant-b' }],
    ['the latest blockhash swapped in', { replaceRecentBlockhash: true }],
  ]
  for (const [label, options] of distinct) {
    t.equal((await engine.simulate(bytes, options)).cached, false, `${label}: a miss`)
    t.equal((await engine.simulate(bytes, options)).cached, false, `${label}: seen again, kept`)
    t.equal((await engine.simulate(bytes, options)).cached, true, `${label}: then its own entry`)
  }
  t.equal((await engine.simulate(bytes, { policy: { preset: 'strict' } })).cached, true, 'a preset by name or by object is one request')
  const other = await fundedTransfer(stack)
  t.equal((await engine.simulate(other.bytes)).cached, false, 'other bytes: a miss')

  const server = await startEngineServer(engine, '127.0.0.1', 0)
  const grpc = createGrpcEngineClient(server.address)
  t.teardown(async () => {
    await grpc.close()
    await server.close()
  })
  const remote = await grpc.simulate(bytes, {})
  t.equal(remote.cached, true, 'gRPC carries the flag')
  t.strictSame(withoutLatency(remote), withoutLatency(first))
  t.equal((await grpc.simulate(bytes, { vectors: ['rug'] })).cached, false, 'and its absence')
})

t.test('a new slot misses', async (t) => {
  const stack = await startStack(t, { engineEnv: STILL })
  const { engine, localnet } = stack
  const { bytes } = await fundedTransfer(stack)
  const first = await engine.simulate(bytes)
  await engine.simulate(bytes)
  t.equal((await engine.simulate(bytes)).cached, true)

  localnet.chain.advanceSlot()
  await engine.chain.refresh()
  const next = await engine.simulate(bytes)
  t.equal(next.cached, false)
  t.ok(next.context_slot > first.context_slot, 'computed at the new slot')
  t.equal((await engine.simulate(bytes)).cached, true, 'and, a request seen before, kept and cached there')
  t.ok(engine.resultCache.size <= 1, "the past slot's entries are gone")
})

t.test('an account the transaction reads changes within the slot: a miss that sees the change', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: STILL })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const { payer, bytes } = await fundedTransfer(stack)
  const first = await engine.simulate(bytes)
  await waitUntil(() => engine.geyser!.subscription.stats.filterUpdatesApplied >= 1, 2_000, 'the payer is streamed')
  await engine.simulate(bytes)
  t.equal((await engine.simulate(bytes)).cached, true)

  localnet.chain.airdrop(payer, 1_000_000_000n)
  const key = fromBase58Address(payer)
  await waitUntil(
    () => {
      const entry = engine.cache.peek(key)
      return entry?.exists === true && entry.lamports === 3_000_000_000n
    },
    2_000,
    'the streamed balance in the cache',
  )

  const after = await engine.simulate(bytes)
  t.equal(after.context_slot, first.context_slot, 'still the same slot')
  t.equal(after.cached, false)
  t.equal(after.balance_changes.find((change) => change.account === payer)?.pre, '3000000000', 'the new answer has the new balance')
  const again = await engine.simulate(bytes)
  t.equal(again.cached, true)
  t.equal(again.balance_changes.find((change) => change.account === payer)?.pre, '3000000000')
})

t.test('what the vectors read: a changed tenant list misses, an unfinished answer is not kept', async (t) => {
  const blocks = new Map<string, ReadonlySet<AccountKey>>([['tenant', new Set()]])
  const stack = await startStack(t, {
    engineEnv: STILL,
    engineOptions: {
      getTenantBlocks: (tenant) =>
        tenant === 'hung' ? new Promise<ReadonlySet<AccountKey>>(() => undefined) : (blocks.get(tenant) ?? new Set()),
    },
  })
  const { engine } = stack
  const { bytes } = await fundedTransfer(stack)
  t.equal((await engine.simulate(bytes, { tenantId: 'tenant' })).cached, false)
  t.equal((await engine.simulate(bytes, { tenantId: 'tenant' })).cached, false)
  t.equal((await engine.simulate(bytes, { tenantId: 'tenant' })).cached, true)

  blocks.set('tenant', new Set([fromBase58Address(SYSTEM_PROGRAM)]))
  const blocked = await engine.simulate(bytes, { tenantId: 'tenant' })
  t.equal(blocked.cached, false, 'the tenant blocked a program since')
  t.equal(blocked.decision, 'block')
  t.match(blocked.risk.blacklist_entries, [{ program_id: SYSTEM_PROGRAM, source: 'tenant' }])
  const blockedAgain = await engine.simulate(bytes, { tenantId: 'tenant' })
  t.equal(blockedAgain.cached, true, 'the new answer, kept in place of the stale one')
  t.equal(blockedAgain.decision, 'block')

  const hung = await engine.simulate(bytes, { tenantId: 'hung', timeoutMs: 50 })
  t.same(hung.timed_out_vectors, ['program'])
  for (let i = 0; i < 2; i++) {
    const hungAgain = await engine.simulate(bytes, { tenantId: 'hung', timeoutMs: 50 })
    t.equal(hungAgain.cached, false, 'an answer with timed-out vectors is never served from cache')
  }
  t.equal(engine.resultCache.stats.stored, 2, 'nor kept')
})

t.test('RESULT_CACHE_MAX_ENTRIES=0 turns the cache off', async (t) => {
  const stack = await startStack(t, { engineEnv: { ...STILL, RESULT_CACHE_MAX_ENTRIES: '0' } })
  const { bytes } = await fundedTransfer(stack)
  t.equal((await stack.engine.simulate(bytes)).cached, false)
  t.equal((await stack.engine.simulate(bytes)).cached, false)
  t.equal(stack.engine.resultCache.size, 0)
})

t.test('the cache stays within RESULT_CACHE_MAX_ENTRIES', async (t) => {
  const stack = await startStack(t, { engineEnv: { ...STILL, RESULT_CACHE_MAX_ENTRIES: '2' } })
  const { engine } = stack
  const { bytes } = await fundedTransfer(stack)
  for (const timeoutMs of [100, 200, 300, 400, 500]) {
    t.equal((await engine.simulate(bytes, { timeoutMs })).cached, false)
    t.equal((await engine.simulate(bytes, { timeoutMs })).cached, false)
    t.ok(engine.resultCache.size <= 2, `at most 2 entries after timeout ${timeoutMs}`)
  }
  t.equal((await engine.simulate(bytes, { timeoutMs: 500 })).cached, true, 'the most recent is kept')
  t.equal((await engine.simulate(bytes, { timeoutMs: 100 })).cached, false, 'the oldest was evicted')
})

// Without a chain: dependencies that hold one account per tenant, whose versions the test moves,
// and a simulation that reads its tenant's account and answers with what it was asked.
function createStubDependencies(): { deps: SimulateDependencies; setVersion(key: string, version: number): void } {
  const versions = new Map<string, number>()
  const getEntry = (key: AccountKey) => ({ key, exists: false, version: versions.get(key) ?? 1, confirmedAtMs: 0, slot: 1 }) as AccountEntry
  const deps = {
    chain: { slot: 1, clock: {}, latestBlockhash: undefined, getBlockhashStatus: () => 'valid', checkBlockhash: async () => true },
    cache: {
      getMany: (keys: readonly AccountKey[]) => keys.map(getEntry),
      peek: (key: AccountKey) => (key === 'absent' ? undefined : getEntry(key)),
    },
    priorityFees: { get: () => ({ source: 'sampled', fees: {} }), invalidate: () => undefined },
    getDecimals: () => undefined,
    sources: { programBlacklist: { version: 1 }, tokenSymbols: { get: () => null }, establishedMints: new Map() },
    detector: { detect: () => ({ results: {}, timedOut: [] }) },
  } as unknown as SimulateDependencies
  return { deps, setVersion: (key, version) => versions.set(key, version) }
}

async function answerWithRequest(
  deps: SimulateDependencies,
  bytes: Uint8Array,
  options: { tenantId?: string | undefined },
): Promise<SimulateResponse> {
  deps.cache.getMany([(options.tenantId ?? '') as AccountKey])
  const logs = [`${options.tenantId ?? ''}:${bytes.join(',')}`]
  return { context_slot: deps.chain.slot, timed_out_vectors: [], logs, cached: false } as unknown as SimulateResponse
}

t.test('requests whose hashes collide never answer for each other', async (t) => {
  const { deps, setVersion } = createStubDependencies()
  const cache = createResultCache({ maxEntries: 10, deps, simulate: answerWithRequest, getHash: () => 7 })
  const requests: Array<[Uint8Array, SimulateOptions]> = [
    [Uint8Array.of(1, 2, 3), { tenantId: 'a' }],
    [Uint8Array.of(1, 2, 3), { tenantId: 'b' }],
    [Uint8Array.of(1, 2, 4), { tenantId: 'a' }],
    [Uint8Array.of(1, 2, 3), { tenantId: 'a', timeoutMs: 100 }],
    [Uint8Array.of(1, 2, 3), { tenantId: 'a', policy: 'strict' }],
    [Uint8Array.of(1, 2, 3), { tenantId: 'a', vectors: ['rug'] }],
  ]
  const ask = async (i: number): Promise<SimulateResponse> => {
    const [bytes, options] = requests[i] as [Uint8Array, SimulateOptions]
    const answer = await cache.simulate(bytes, parseSimulateOptions(options))
    t.strictSame(answer.logs, [`${options.tenantId}:${bytes.join(',')}`], `request ${i}'s own answer`)
    return answer
  }
  // Each request three times running: kept (the one entry is taken from the request before) and answered.
  for (let i = 0; i < requests.length; i++) {
    const answers = [await ask(i), await ask(i), await ask(i)]
    t.equal(answers[2]?.cached, true, `request ${i} answered from cache`)
  }
  setVersion('a', 2)
  t.equal((await ask(requests.length - 1)).cached, false, 'the account version moved under the kept answer')
  t.equal(cache.stats.stale, 1)
  t.equal((await ask(requests.length - 1)).cached, true, 'kept again')
  // Interleaved: each finds another request's entry under its hash.
  for (let step = 0; step < 60; step++) t.equal((await ask((step * 7) % requests.length)).cached, false)

  const spelledOtherwise = parseSimulateOptions({
    tenantId: 'a',
    vectors: [...VECTORS].reverse(),
    timeoutMs: 800,
    policy: { preset: 'default' },
  })
  const [bytes] = requests[0] as [Uint8Array, SimulateOptions]
  t.equal(getRequestHash(bytes, spelledOtherwise), getRequestHash(bytes, parseSimulateOptions({ tenantId: 'a' })), 'one request, one hash')
  t.not(getRequestHash(bytes, parseSimulateOptions({ tenantId: 'b' })), getRequestHash(bytes, parseSimulateOptions({ tenantId: 'a' })))
  await cache.simulate(bytes, parseSimulateOptions({ tenantId: 'a' }))
  await cache.simulate(bytes, parseSimulateOptions({ tenantId: 'a' }))
  t.equal((await cache.simulate(bytes, spelledOtherwise)).cached, true, 'the same request spelled otherwise is answered from the entry')
})

t.test("a kept answer's reads stay its own while other requests are recorded", async (t) => {
  const { deps, setVersion } = createStubDependencies()
  const cache = createResultCache({ maxEntries: 10, deps, simulate: answerWithRequest })
  const bytes = Uint8Array.of(1, 2, 3)
  const ask = (tenantId: string) => cache.simulate(bytes, parseSimulateOptions({ tenantId }))
  for (const tenant of ['a', 'a', 'b', 'b', 'c', 'c']) await ask(tenant)
  t.equal(cache.size, 3)
  t.equal((await ask('a')).cached, true)
  setVersion('a', 2)
  t.equal((await ask('a')).cached, false, "a's account changed: b's and c's recordings did not take its place")
  t.equal((await ask('b')).cached, true, "b's did not change")
})

const ACCOUNT = 'account' as AccountKey

t.test('a recorder reuses its reads, except those it was told to keep', async (t) => {
  const { deps, setVersion } = createStubDependencies()
  const recorder = createReadRecorder(deps)
  const kept = recorder.start({})
  recorder.deps.cache.peek(ACCOUNT)
  recorder.deps.cache.peek('absent' as AccountKey)
  recorder.keep()
  t.strictSame(kept.keys, [ACCOUNT])
  t.strictSame(kept.absent, ['absent'])

  const next = recorder.start({})
  t.not(next, kept, 'kept reads are never recorded into again')
  recorder.deps.cache.getMany([ACCOUNT, ACCOUNT])
  t.strictSame(kept.keys, [ACCOUNT], 'what was kept is as it was')
  t.strictSame(kept.versions, [1])
  t.strictSame(next.keys, [ACCOUNT, ACCOUNT])
  t.equal(recorder.start({}), next, 'reads not kept are reused')
  t.strictSame(next.keys, [], 'and start empty')

  t.equal(isSimulationCurrent(kept, deps, false), true)
  setVersion(ACCOUNT, 2)
  t.equal(isSimulationCurrent(kept, deps, false), false, 'a new version of an account read')
})
