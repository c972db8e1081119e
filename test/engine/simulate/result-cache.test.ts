// The result cache (SPEC §1.8): an identical request within a slot is answered from cache, as a
// copy marked `cached`, only while nothing the simulation read has changed; anything else misses.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { startEngineServer } from '../../../engine/server.js'
import { VECTORS, type SimulateOptions, type SimulateResponse } from '../../../engine/simulate/simulate-types.js'
import { fromBase58Address, type AccountKey } from '../../../engine/state/account-key.js'
import { createGrpcEngineClient } from '../../../edge/engine-client.js'
import { startStack, type Stack } from '../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../helpers/transactions.js'
import { waitUntil } from '../../helpers/wait-until.js'

// Nothing moves unless the test moves it: no background refresh, no chain poll.
const STILL = { ACCOUNT_CACHE_FRESH_MS: '3600000', CHAIN_POLL_MS: '60000' }
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

async function fundedTransfer(stack: Stack, lamports = 1_000_000n): Promise<{ payer: Address; bytes: Uint8Array }> {
  const payer = (await generateKeyPairSigner()).address
  await stack.rpc('requestAirdrop', [payer, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const recipient = (await generateKeyPairSigner()).address
  return { payer, bytes: await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, recipient, lamports)] }) }
}

function withoutLatency(response: SimulateResponse): Omit<SimulateResponse, 'latency_ms' | 'cached'> {
  const { latency_ms: _latency, cached: _cached, ...rest } = response
  return rest
}

t.test('the same request twice in one slot: the second is a cached copy', async (t) => {
  const stack = await startStack(t, { engineEnv: STILL })
  const { engine } = stack
  const { bytes } = await fundedTransfer(stack)

  const first = await engine.simulate(bytes)
  t.equal(first.success, true, first.failure_reason ?? '')
  t.equal(first.cached, false, 'a fresh answer says so')
  const second = await engine.simulate(bytes)
  t.equal(second.cached, true)
  t.not(second, first, 'a copy, not the first answer')
  t.strictSame(withoutLatency(second), withoutLatency(first), 'every other field is the same')
  t.ok(second.latency_ms >= 0 && Number.isFinite(second.latency_ms), 'latency_ms is the lookup time')

  second.success = false
  second.decision = 'block'
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
  t.equal((await engine.simulate(bytes)).cached, true)

  localnet.chain.advanceSlot()
  await engine.chain.refresh()
  const next = await engine.simulate(bytes)
  t.equal(next.cached, false)
  t.ok(next.context_slot > first.context_slot, 'computed at the new slot')
  t.equal((await engine.simulate(bytes)).cached, true, 'and cached there')
  t.ok(engine.resultCache.size <= 1, "the past slot's entries are gone")
})

t.test('an account the transaction reads changes within the slot: a miss that sees the change', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: STILL })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const { payer, bytes } = await fundedTransfer(stack)
  const first = await engine.simulate(bytes)
  await waitUntil(() => engine.geyser!.subscription.stats.filterUpdatesApplied >= 1, 2_000, 'the payer is streamed')
  t.equal((await engine.simulate(bytes)).cached, true)

  localnet.chain.airdrop(payer, 1_000_000_000n)
  const key = fromBase58Address(payer)
  await waitUntil(() => {
    const entry = engine.cache.peek(key)
    return entry?.exists === true && entry.lamports === 3_000_000_000n
  }, 2_000, 'the streamed balance in the cache')

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
      getTenantBlocks: (tenant) => (tenant === 'hung' ? new Promise<ReadonlySet<AccountKey>>(() => undefined) : (blocks.get(tenant) ?? new Set())),
    },
  })
  const { engine } = stack
  const { bytes } = await fundedTransfer(stack)
  t.equal((await engine.simulate(bytes, { tenantId: 'tenant' })).cached, false)
  t.equal((await engine.simulate(bytes, { tenantId: 'tenant' })).cached, true)

  blocks.set('tenant', new Set([fromBase58Address(SYSTEM_PROGRAM)]))
  const blocked = await engine.simulate(bytes, { tenantId: 'tenant' })
  t.equal(blocked.cached, false, 'the tenant blocked a program since')
  t.equal(blocked.decision, 'block')
  t.match(blocked.risk.blacklist_entries, [{ program_id: SYSTEM_PROGRAM, source: 'tenant' }])

  const hung = await engine.simulate(bytes, { tenantId: 'hung', timeoutMs: 50 })
  t.same(hung.timed_out_vectors, ['program'])
  const hungAgain = await engine.simulate(bytes, { tenantId: 'hung', timeoutMs: 50 })
  t.equal(hungAgain.cached, false, 'an answer with timed-out vectors is never served from cache')
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
    t.ok(engine.resultCache.size <= 2, `at most 2 entries after timeout ${timeoutMs}`)
  }
  t.equal((await engine.simulate(bytes, { timeoutMs: 500 })).cached, true, 'the most recent is kept')
  t.equal((await engine.simulate(bytes, { timeoutMs: 100 })).cached, false, 'the oldest was evicted')
})
