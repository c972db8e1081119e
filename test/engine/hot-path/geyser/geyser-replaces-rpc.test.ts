import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import type { Engine } from '../../../../engine/engine.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

// Short refresh and poll periods: without the stream, the engine would ask RPC many times below.
const EAGER_RPC = { ACCOUNT_CACHE_FRESH_MS: '50', CHAIN_POLL_MS: '50', PRIORITY_FEE_REFRESH_MS: '100' }

const totalCalls = (engine: Engine) => [...engine.rpcCalls.values()].reduce((sum, n) => sum + n, 0)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function fundedTransfer(stack: Stack): Promise<{ payer: Address; bytes: Uint8Array }> {
  const payer = (await generateKeyPairSigner()).address
  const recipient = (await generateKeyPairSigner()).address
  await stack.rpc('requestAirdrop', [payer, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer,
    blockhash: value.blockhash,
    instructions: [transferSol(payer, recipient, 1_000_000n)],
  })
  return { payer, bytes }
}

t.test('with the stream live, a changed account, new slots, the clock and blockhashes all arrive without one RPC call', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: EAGER_RPC })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const { payer, bytes } = await fundedTransfer(stack)
  t.equal((await engine.simulate(bytes)).success, true, 'cold simulate (reads its accounts over RPC once)')
  const feed = engine.geyser!
  // Every key of the transaction is covered once the filter is in place and the gap is closed.
  await waitUntil(() => feed.subscription.stats.filterUpdatesApplied >= 1, 2_000, 'filter applied')
  await sleep(300) // the closing re-read of keys read before the filter, then quiet

  const before = totalCalls(engine)
  const callsBefore = new Map(engine.rpcCalls)
  localnet.chain.advanceSlot(3)
  localnet.chain.airdrop(payer, 1_000_000_000n)
  const slot = Number(localnet.chain.getSlot())
  await waitUntil(() => engine.chain.slot === slot, 2_000, 'the slot from the stream')
  await waitUntil(() => engine.chain.clock?.slot === BigInt(slot), 2_000, 'the Clock sysvar from the stream')
  await sleep(300) // six refresh periods and poll periods

  const response = await engine.simulate(bytes)
  t.equal(response.balance_changes.find((change) => change.account === payer)?.pre, '3000000000', 'the streamed balance')
  t.equal(response.context_slot, slot)
  t.ok(response.min_account_slot !== null && response.min_account_slot <= slot, 'the oldest account slot is stated')
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  t.equal(
    engine.chain.getBlockhashStatus(new Uint8Array(Buffer.from(fromBase58Address(value.blockhash), 'latin1'))),
    'valid',
    'the new blockhash came with its block',
  )
  const after = totalCalls(engine)
  t.equal(after, before, `no RPC call at all (before ${JSON.stringify([...callsBefore])}, after ${JSON.stringify([...engine.rpcCalls])})`)
  t.equal(engine.getHealth().freshness, 'geyser')
})

t.test('150 streamed slots later, a streamed blockhash is expired without asking RPC; one never streamed is asked once', async (t) => {
  const stack = await startStack(t, { geyser: true })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const { bytes } = await fundedTransfer(stack)
  localnet.chain.advanceSlot(1)
  await waitUntil(() => engine.chain.stats !== undefined && engine.chain.slot === Number(localnet.chain.getSlot()), 2_000, 'first block')
  localnet.chain.advanceSlot(160)
  await waitUntil(() => engine.chain.slot === Number(localnet.chain.getSlot()), 2_000, '160 more blocks')
  const lookups = engine.chain.stats.blockhashLookups
  const response = await engine.simulate(bytes)
  t.equal(response.failure_code, 'blockhash_expired', 'the transaction’s blockhash is 161 blocks old')
  t.equal(engine.chain.stats.blockhashLookups, lookups, 'no isBlockhashValid call')
  // Never streamed: it may be newer than the stream, so it is not expired until the chain says so.
  const unknown = new Uint8Array(32).fill(7)
  t.equal(engine.chain.getBlockhashStatus(unknown), 'unknown', 'a blockhash never streamed is not judged on its own')
  t.same(await Promise.all([engine.chain.checkBlockhash(unknown), engine.chain.checkBlockhash(unknown)]), [false, false])
  t.equal(engine.chain.stats.blockhashLookups, lookups + 1, 'one isBlockhashValid call for both checks')
  t.equal(engine.chain.getBlockhashStatus(unknown), 'expired', 'the chain’s answer is then a map lookup')
})

t.test('the control: without the stream, the same engine keeps asking RPC', async (t) => {
  const stack = await startStack(t, { engineEnv: EAGER_RPC })
  const { engine } = stack
  const { bytes } = await fundedTransfer(stack)
  await engine.simulate(bytes)
  const before = totalCalls(engine)
  await sleep(300)
  await engine.simulate(bytes)
  await sleep(50)
  t.ok(totalCalls(engine) > before + 3, `polls and refreshes go on (${before} → ${totalCalls(engine)})`)
  t.equal(engine.getHealth().status, 'operational', 'RPC alone by choice is not degraded')
})

t.test('a burst of thousands of slots keeps the one stream open (large HTTP/2 windows)', async (t) => {
  const stack = await startStack(t, { geyser: true })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  // Five messages a slot, each its own small DATA frame from the grpc-js server.
  localnet.chain.advanceSlot(3_000)
  await waitUntil(() => engine.chain.slot === Number(localnet.chain.getSlot()), 10_000, 'every block streamed')
  t.equal(engine.geyser!.subscription.stats.opens, 1, 'never reopened')
})
