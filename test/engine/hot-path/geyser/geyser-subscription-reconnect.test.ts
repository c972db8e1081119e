import t from 'tap'
import { status } from '@grpc/grpc-js'
import { generateKeyPairSigner } from '@solana/kit'
import { createEngine } from '../../../../engine/engine.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { createGeyserSubscription, type GeyserState } from '../../../../engine/hot-path/geyser/geyser-subscription.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { readConfig } from '../../../../lib/config.js'
import { createGeyserServer } from '../../../../localnet/geyser/geyser-server.js'
import { encodeUpdate as encode, startScriptedGeyserServer as startScriptedServer } from '../../../helpers/scripted-geyser-server.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

t.test('a stalled stream is dropped and reopened from the last confirmed slot; a refused from_slot is dropped', async (t) => {
  const server = await startScriptedServer(t, (index, request, call) => {
    if (index === 0) {
      // One processed slot, then silence: no pongs, no pings.
      if (!request.ping) {
        call.write(encode({ slot: { slot: '1234', status: 0 } }))
        call.write(encode({ slot: { slot: '1233', status: 1 } }))
      }
    } else if (index === 1) {
      call.emit('error', {
        code: status.INVALID_ARGUMENT,
        details: `from_slot ${request.fromSlot} is not available, the oldest available slot is 2000`,
      })
    } else if (request.ping) {
      call.write(encode({ pong: { id: request.ping.id } }))
    }
  })
  const states: GeyserState[] = []
  const subscription = createGeyserSubscription({
    endpoint: server.url,
    stallMs: 300,
    backoffBaseMs: 20,
    backoffMaxMs: 100,
    logger: quietLogger,
    onStateChange: (state) => states.push(state),
  })
  t.teardown(() => subscription.close())
  subscription.start()
  await waitUntil(() => subscription.lastSlot === 1234, 2_000, 'first slot')
  t.equal(subscription.state, 'connected')
  await waitUntil(() => server.requests.length >= 3 && subscription.state === 'connected', 3_000, 'third stream live')
  t.equal(subscription.stats.stalls, 1, 'the silent stream was dropped once')
  t.equal(server.requests[0]![0]!.fromSlot, undefined, 'the first open has no from_slot')
  t.equal(server.requests[1]![0]!.fromSlot, '1233', 'the reopen resumes from the last confirmed slot (its updates may still be coming)')
  t.equal(subscription.stats.fromSlotRefusals, 1)
  t.equal(server.requests[2]![0]!.fromSlot, undefined, 'after INVALID_ARGUMENT it reopens without from_slot')
  t.same(states.slice(0, 3), ['connecting', 'connected', 'disconnected'])
  t.equal(subscription.lastSlot, 1234, 'lastSlot survives reconnects')
  t.equal(server.requests[1]![0]!.slots['slots']?.filterByCommitment, false, 'the filters are sent again')
})

t.test('killing the geyser server mid-stream: the engine reconnects, and the stream then feeds the cache again', async (t) => {
  const { localnet, rpc } = await startStack(t)
  const first = await createGeyserServer({ host: '127.0.0.1', port: 0, chain: localnet.chain, logger: quietLogger })
  const engine = createEngine(
    readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: localnet.rpcUrl,
      GEYSER_ENDPOINT: first.url,
      GEYSER_STALL_MS: '1000',
      ACCOUNT_CACHE_FRESH_MS: '3600000',
      CHAIN_POLL_MS: '60000',
    }),
    quietLogger,
  )
  await engine.start()
  t.teardown(() => engine.stop())
  const feed = engine.geyser!
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')

  const payer = (await generateKeyPairSigner()).address
  await rpc('requestAirdrop', [payer, 2_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, payer, 1n)] })
  t.equal((await engine.simulate(bytes)).success, true)
  await waitUntil(() => feed.subscription.stats.filterUpdatesApplied >= 1, 2_000, 'filter applied')
  localnet.chain.advanceSlot()
  const seenSlot = Number(localnet.chain.getSlot())
  await waitUntil(() => feed.subscription.lastSlot === seenSlot, 2_000, 'slot seen')

  await first.close()
  await waitUntil(() => engine.geyserState !== 'connected', 2_000, 'drop noticed')
  localnet.chain.advanceSlot()
  localnet.chain.airdrop(payer, 500_000_000n) // while no stream is open, on a server that cannot replay it
  const second = await createGeyserServer({
    host: '127.0.0.1',
    port: Number(new URL(first.url).port),
    chain: localnet.chain,
    logger: quietLogger,
  })
  t.teardown(() => second.close())
  await waitUntil(() => engine.geyserState === 'connected', 8_000, 'reconnected')
  t.ok(feed.subscription.stats.opens >= 2, 'a new stream was opened')
  // Slot seenSlot was processed; seenSlot - 1 was the last confirmed, whose updates may still have been coming.
  t.ok(
    feed.subscription.stats.lastFromSlot! >= seenSlot - 1,
    `asked to resume from slot ${feed.subscription.stats.lastFromSlot}, the last confirmed was ${seenSlot - 1}`,
  )
  t.ok(
    feed.subscription.stats.fromSlotRefusals >= 1,
    'the new server cannot replay before it started, so from_slot was refused and dropped',
  )

  // Coverage started over, so what was read before it is read again: the missed change arrives.
  const key = fromBase58Address(payer)
  const lamports = () => {
    const entry = engine.cache.peek(key)
    return entry?.exists ? entry.lamports : undefined
  }
  await waitUntil(() => lamports() === 2_500_000_000n, 2_000, 'the change missed during the outage, re-read over RPC')
  // The filters came back with the new stream: a change now reaches the cache.
  localnet.chain.airdrop(payer, 1_000_000_000n)
  await waitUntil(() => lamports() === 3_500_000_000n, 2_000, 'streamed balance after reconnect')
  const rpcCalls = engine.cache.stats.rpcCalls
  const again = await engine.simulate(bytes)
  t.equal(again.balance_changes.find((change) => change.account === payer)?.pre, '3500000000')
  t.equal(engine.cache.stats.rpcCalls, rpcCalls, 'no RPC call')
})
