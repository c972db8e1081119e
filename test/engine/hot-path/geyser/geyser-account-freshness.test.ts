import t from 'tap'
import { generateKeyPairSigner, getBase58Decoder, type Address } from '@solana/kit'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import type { Engine } from '../../../../engine/engine.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

// The cache never refreshes on its own here: only the stream can make it see a change.
const NEVER_STALE = { ACCOUNT_CACHE_FRESH_MS: '3600000', CHAIN_POLL_MS: '60000' }

async function warmTransfer(stack: Stack): Promise<{ payer: Address; bytes: Uint8Array }> {
  const payer = (await generateKeyPairSigner()).address
  const recipient = (await generateKeyPairSigner()).address
  await stack.rpc('requestAirdrop', [payer, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer,
    blockhash: value.blockhash,
    instructions: [transferSol(payer, recipient, 1_000_000n)],
  })
  const first = await stack.engine.simulate(bytes)
  if (!first.success) throw new Error(first.failure_reason ?? 'first simulate failed')
  return { payer, bytes }
}

async function simulatedPre(engine: Engine, bytes: Uint8Array, payer: Address): Promise<string | undefined> {
  const response = await engine.simulate(bytes)
  return response.balance_changes.find((change) => change.account === payer)?.pre
}

t.test('an account changed on localnet reaches the next simulate through the stream, with no RPC call', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: NEVER_STALE })
  const { engine, localnet } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const { payer, bytes } = await warmTransfer(stack)
  const feed = engine.geyser!
  t.ok(feed.hotSet.has(fromBase58Address(payer)), 'the payer joined the hot set')
  await waitUntil(() => feed.subscription.stats.filterUpdatesApplied >= 1, 2_000, 'filter applied')
  t.equal(feed.hotSet.updates, 1, 'one debounced filter update for all the keys of the first simulate')

  localnet.chain.airdrop(payer, 1_000_000_000n)
  const key = fromBase58Address(payer)
  await waitUntil(
    () => {
      const entry = engine.cache.peek(key)
      return entry?.exists === true && entry.lamports === 3_000_000_000n
    },
    2_000,
    'streamed balance in the cache',
  )

  const rpcCalls = engine.cache.stats.rpcCalls
  t.equal(await simulatedPre(engine, bytes, payer), '3000000000', 'the simulate uses the streamed balance')
  t.equal(engine.cache.stats.rpcCalls, rpcCalls, 'no getMultipleAccounts call')
  t.equal(feed.hotSet.updates, 1, 'a warm simulate schedules no filter update')
})

t.test('without the stream the same cache keeps the old balance (the control)', async (t) => {
  const stack = await startStack(t, { engineEnv: NEVER_STALE })
  const { payer, bytes } = await warmTransfer(stack)
  t.equal(stack.engine.geyserState, undefined, 'geyser is off unless configured')
  stack.localnet.chain.airdrop(payer, 1_000_000_000n)
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.equal(await simulatedPre(stack.engine, bytes, payer), '2000000000')
})

t.test('an older stream update does not overwrite a newer cached state', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: NEVER_STALE })
  const { engine } = stack
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const { payer } = await warmTransfer(stack)
  const key = fromBase58Address(payer)
  const cached = engine.cache.peek(key)!
  const writer = engine.geyser!.writer
  const pubkey = new Uint8Array(Buffer.from(key, 'latin1'))
  const update = (slot: number, writeVersion: number, lamports: string) => ({
    slot: String(slot),
    isStartup: false,
    account: {
      pubkey,
      lamports,
      owner: new Uint8Array(32),
      executable: false,
      rentEpoch: '0',
      data: new Uint8Array(0),
      writeVersion: String(writeVersion),
    },
  })
  t.equal(writer.write(update(cached.slot - 1, 1, '5')), false, 'an older slot is skipped')
  t.equal(writer.write(update(cached.slot + 1, 10, '7')), true, 'a newer slot is written')
  t.equal(writer.write(update(cached.slot + 1, 9, '8')), false, 'an older write version of the same slot is skipped')
  const entry = engine.cache.peek(key)
  t.equal(entry?.exists && entry.lamports, 7n)
})

t.test('block metadata moves the chain tracker: blockhash, slot and block height', async (t) => {
  const { engine, localnet } = await startStack(t, { geyser: true, engineEnv: NEVER_STALE })
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  localnet.chain.advanceSlot()
  const latest = localnet.chain.getLatestBlockhash()
  const decoder = getBase58Decoder()
  await waitUntil(
    () => engine.chain.latestBlockhash !== undefined && decoder.decode(engine.chain.latestBlockhash) === latest.blockhash,
    2_000,
    'streamed blockhash',
  )
  t.equal(engine.chain.slot, Number(latest.slot))
  t.equal(engine.chain.blockHeight, Number(localnet.chain.getBlockHeight()))
  t.equal(engine.chain.getBlockhashStatus(engine.chain.latestBlockhash!), 'valid')
})
