import t from 'tap'
import type { Test } from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { createEngine, type Engine } from '../../../../engine/engine.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { readConfig } from '../../../../lib/config.js'
import { quietLogger, startStack, type Stack } from '../../../helpers/stack.js'
import { startTcpProxy, type TcpProxy } from '../../../helpers/tcp-proxy.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

/** localnet, its geyser server behind a proxy the test can cut, and an engine streaming through it. */
async function startCuttableStack(t: Test, env: Record<string, string>): Promise<{ stack: Stack; proxy: TcpProxy; engine: Engine }> {
  const stack = await startStack(t)
  const proxy = await startTcpProxy(t, { host: '127.0.0.1', port: Number(new URL(stack.localnet.geyserUrl).port) })
  const engine = createEngine(
    readConfig(engineConfigSchema, { SOLANA_RPC_URLS: stack.localnet.rpcUrl, GEYSER_ENDPOINT: proxy.url, GEYSER_STALL_MS: '1000', ...env }),
    quietLogger,
  )
  await engine.start()
  t.teardown(() => engine.stop())
  await waitUntil(() => engine.geyserState === 'connected', 3_000, 'geyser connected')
  return { stack, proxy, engine }
}

async function warmTransfer(stack: Stack, engine: Engine): Promise<{ payer: Address; bytes: Uint8Array }> {
  const payer = (await generateKeyPairSigner()).address
  await stack.rpc('requestAirdrop', [payer, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, payer, 1n)] })
  const first = await engine.simulate(bytes, { replaceRecentBlockhash: true })
  if (!first.success) throw new Error(first.failure_reason ?? 'warm simulate failed')
  await waitUntil(() => engine.geyser!.subscription.stats.filterUpdatesApplied >= 1, 2_000, 'filter applied')
  return { payer, bytes }
}

const lamportsOf = (engine: Engine, payer: Address) => {
  const entry = engine.cache.peek(fromBase58Address(payer))
  return entry?.exists ? entry.lamports : undefined
}

t.test(
  'cut mid-stream: degraded meanwhile, then the engine resumes from the last confirmed slot and the replay brings what it missed, with no RPC read',
  async (t) => {
    // RPC refreshes effectively off: only the stream (or its replay) can bring the change.
    const { stack, proxy, engine } = await startCuttableStack(t, { ACCOUNT_CACHE_FRESH_MS: '3600000' })
    const { localnet } = stack
    const { payer } = await warmTransfer(stack, engine)
    localnet.chain.advanceSlot(2)
    const subscription = engine.geyser!.subscription
    await waitUntil(() => subscription.lastSlot === Number(localnet.chain.getSlot()), 2_000, 'slots streamed')
    const confirmedAtCut = subscription.lastConfirmedSlot
    t.equal(engine.getHealth().status, 'operational')

    await proxy.cut()
    await waitUntil(() => engine.geyserState !== 'connected', 3_000, 'the cut noticed')
    t.equal(engine.getHealth().status, 'degraded', 'degraded while no stream is live')
    t.equal(engine.getHealth().freshness, 'rpc')
    localnet.chain.advanceSlot(1)
    localnet.chain.airdrop(payer, 1_000_000_000n) // missed by the stream
    localnet.chain.advanceSlot(1)
    const getMultipleAccounts = engine.rpcCalls.get('getMultipleAccounts') ?? 0

    await proxy.restore()
    await waitUntil(() => engine.geyserState === 'connected', 8_000, 'reconnected')
    t.equal(subscription.stats.lastFromSlot, confirmedAtCut, 'resumed from the last confirmed slot before the cut')
    t.equal(subscription.stats.fromSlotRefusals, 0, 'the server still held those slots')
    await waitUntil(() => lamportsOf(engine, payer) === 3_000_000_000n, 2_000, 'the missed change, replayed')
    t.equal(engine.rpcCalls.get('getMultipleAccounts') ?? 0, getMultipleAccounts, 'no RPC read: the replay brought it')
    t.equal(engine.getHealth().status, 'operational')
    await waitUntil(() => engine.chain.slot === Number(localnet.chain.getSlot()), 2_000, 'the replayed slots')
  },
)

t.test('cut mid-stream: RPC keeps the state fresh meanwhile, and the replay of older slots never rolls it back', async (t) => {
  const { stack, proxy, engine } = await startCuttableStack(t, { ACCOUNT_CACHE_FRESH_MS: '100', CHAIN_POLL_MS: '100' })
  const { localnet } = stack
  const { payer, bytes } = await warmTransfer(stack, engine)
  const key = fromBase58Address(payer)
  localnet.chain.advanceSlot(2)
  await waitUntil(() => engine.geyser!.subscription.lastConfirmedSlot > 0, 2_000, 'a confirmed slot to resume from')

  await proxy.cut()
  await waitUntil(() => engine.geyserState !== 'connected', 3_000, 'the cut noticed')
  const polls = engine.chain.stats.polls
  localnet.chain.advanceSlot(1)
  localnet.chain.airdrop(payer, 1_000_000_000n)
  localnet.chain.advanceSlot(1)
  localnet.chain.airdrop(payer, 1_000_000_000n)
  localnet.chain.advanceSlot(1)
  // As an engine without a stream would: the stale entry is answered once and re-read.
  await waitUntil(
    () => {
      void engine.simulate(bytes, { replaceRecentBlockhash: true })
      return lamportsOf(engine, payer) === 4_000_000_000n
    },
    3_000,
    'RPC brought both changes',
  )
  await waitUntil(() => engine.chain.stats.polls > polls, 2_000, 'chain polling resumed')
  const rpcSlot = engine.cache.peek(key)!.slot

  // Watch the entry while the replay of the outage's slots (older than the RPC read) arrives.
  const seen: Array<{ slot: number; lamports: bigint | undefined }> = []
  const watch = setInterval(() => {
    const entry = engine.cache.peek(key)
    seen.push({ slot: entry?.slot ?? -1, lamports: entry?.exists ? entry.lamports : undefined })
  }, 1)
  const skipped = engine.geyser!.writer.stats.skipped
  await proxy.restore()
  await waitUntil(() => engine.geyserState === 'connected', 8_000, 'reconnected')
  await waitUntil(() => engine.chain.slot === Number(localnet.chain.getSlot()), 2_000, 'replay done')
  await new Promise((resolve) => setTimeout(resolve, 100))
  clearInterval(watch)
  t.ok(engine.geyser!.subscription.stats.lastFromSlot! > 0, 'resumed with a replay')
  t.ok(engine.geyser!.writer.stats.skipped > skipped, 'replayed updates older than the RPC state were skipped')
  t.ok(seen.length > 10)
  t.ok(
    seen.every((s) => s.slot >= rpcSlot && s.lamports === 4_000_000_000n),
    'never an older slot or balance than RPC gave',
  )
  const response = await engine.simulate(bytes, { replaceRecentBlockhash: true })
  t.equal(response.balance_changes.find((change) => change.account === payer)?.pre, '4000000000')
  t.ok(response.min_account_slot! >= rpcSlot - 1, 'the oldest account slot used is stated')
})
