import { getAddressEncoder, getBase58Decoder, type Address } from '@solana/kit'
import t from 'tap'
import { createGeyserFeed } from '../../../../engine/hot-path/geyser/geyser-feed.js'
import { STREAMED_TRANSACTION_PROGRAMS } from '../../../../engine/detection/programs/streamed-programs.js'
import type { GeyserTransactionUpdate } from '../../../../engine/hot-path/geyser/geyser-subscription.js'
import { SOL_MINT } from '../../../../engine/detection/mev/pool-key.js'
import { getSimulatedSwaps } from '../../../../engine/detection/mev/simulated-swaps.js'
import { getSwapFlows } from '../../../../engine/detection/mev/swap-flows.js'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { createAddressNamer } from '../../../../engine/hot-path/state/address-names.js'
import { DEFAULT_LEADER_IDENTITY } from '../../../../localnet/chain/slot-leaders.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { buildBuy, buildSell, createTrader, getSignature, plantPool } from './planted-pool.js'

const base58 = getBase58Decoder()
const addressBytes = getAddressEncoder()
/** An address as the engine's raw-key strings, computed here with kit. */
const rawKey = (address: Address) => Buffer.from(addressBytes.encode(address)).toString('latin1')

t.test('a sandwich planted on localnet (buy, victim buy, sell in one slot) is detected from the geyser stream', async (t) => {
  const { localnet, engine } = await startStack(t, { geyser: true, autoAdvance: false })
  const chain = localnet.chain
  await waitUntil(() => engine.geyserState === 'connected', 5_000, 'engine stream connected')

  // The engine's own detector, fed by the real Yellowstone client through the feed's hook; a
  // second feed keeps what the stream carried, to read the swap flows below.
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 })
  const schedule = engine.leaderSchedule
  const detector = engine.sandwiches
  const updates: GeyserTransactionUpdate[] = []
  const feed = createGeyserFeed({
    transactionPrograms: STREAMED_TRANSACTION_PROGRAMS,
    endpoints: [localnet.geyserUrl],
    token: undefined,
    stallMs: 10_000,
    cache: engine.cache,
    chain: engine.chain,
    logger: quietLogger,
    onTransaction: (update) => updates.push(update),
  })
  feed.start()
  t.teardown(() => feed.stop())
  await waitUntil(() => feed.state === 'connected', 5_000, 'feed connected')

  const pool = await plantPool(chain, { tokens: 1_000_000_000_000n, lamports: 100_000_000_000n })
  const [attacker, victim] = await Promise.all([createTrader(chain), createTrader(chain)])
  chain.advanceSlot()
  await waitUntil(() => engine.chain.slot === Number(chain.getSlot()), 5_000, 'engine at the tip')
  await schedule.refresh()
  await waitUntil(() => detector.stats.transactions >= 2, 5_000, 'the setup transactions streamed')

  let seen = detector.stats.transactions
  const slot = Number(chain.getSlot())
  const front = await buildBuy(chain, pool, attacker, 2_000_000_000n, 20_000_000n)
  const middle = await buildBuy(chain, pool, victim, 1_000_000_000n, 9_000_000n)
  const back = await buildSell(chain, pool, attacker, 20_000_000n, 2_100_000_000n)
  const rpcSend = async (bytes: Uint8Array) => {
    const answer = await rpc.call<string>('sendTransaction', [Buffer.from(bytes).toString('base64'), { encoding: 'base64' }])
    t.equal(answer, getSignature(bytes))
    return answer
  }
  for (const bytes of [front, middle, back]) await rpcSend(bytes)
  chain.advanceSlot()
  await waitUntil(() => detector.stats.transactions >= seen + 3, 5_000, 'the three swaps streamed')

  const sandwiches = detector.getRecentSandwiches()
  t.equal(sandwiches.length, 1, 'exactly one sandwich')
  const [sandwich] = sandwiches
  const expectedPool = [rawKey(pool.tokenVault), rawKey(pool.solVault)].sort().join('')
  t.same(
    {
      slot: sandwich!.slot,
      pool: sandwich!.pool,
      attacker: sandwich!.attacker,
      victim: sandwich!.victim,
      front: base58.decode(sandwich!.frontrunSignature),
      victim_tx: base58.decode(sandwich!.victimSignature),
      back: base58.decode(sandwich!.backrunSignature),
      leader: sandwich!.leader,
    },
    {
      slot,
      pool: expectedPool,
      attacker: rawKey(attacker.address),
      victim: rawKey(victim.address),
      front: getSignature(front),
      victim_tx: getSignature(middle),
      back: getSignature(back),
      leader: rawKey(DEFAULT_LEADER_IDENTITY),
    },
  )
  t.equal(sandwich!.side, rawKey(pool.tokenVault) < rawKey(pool.solVault) ? 0 : 1, 'the side the X vault pays')
  t.same(detector.getPoolActivity(expectedPool as never), { sandwiches: 1, lastSlot: slot, attackers: [rawKey(attacker.address)] })
  t.ok(detector.isKnownBot(rawKey(attacker.address) as never), 'the attacker is a known bot')
  t.equal(detector.getKnownBot(rawKey(attacker.address) as never)!.confidence, 'high')
  t.notOk(detector.isKnownBot(rawKey(victim.address) as never), 'the victim is not')

  // What the real stream carried for the victim and the back-run: native SOL in, native SOL out.
  const namer = createAddressNamer(100)
  const byId = (bytes: Uint8Array) => updates.find((u) => base58.decode(u.transaction!.signature) === getSignature(bytes))!
  // This test's own subscription is not the detector's: it may carry them a moment later.
  await waitUntil(() => byId(middle) !== undefined && byId(back) !== undefined, 5_000, "the test's own stream carried them")
  t.match(getSwapFlows(byId(middle), namer), [
    { gaveMint: SOL_MINT, gaveAmount: 1_000_000_000n, gotMint: pool.mint, gotAmount: 9_000_000n },
  ])
  t.match(getSwapFlows(byId(back), namer), [{ gaveMint: pool.mint, gaveAmount: 20_000_000n, gotMint: SOL_MINT, gotAmount: 2_100_000_000n }])

  // A simulated buy on the same pool finds the sandwiched pool from its balance changes: the MEV
  // vector counts the sandwich and names the attacker as a known bot on this pool.
  const next = await createTrader(chain)
  const buy = await buildBuy(chain, pool, next, 500_000_000n, 4_000_000n)
  const simulated = await engine.simulate(buy)
  t.equal(simulated.success, true, 'the simulated buy succeeds')
  const [swap] = getSimulatedSwaps(simulated.balance_changes)
  t.same({ pool: swap!.pool, side: swap!.side }, { pool: expectedPool, side: sandwich!.side }, 'the same pool key and side')
  t.equal(detector.getPoolActivity(swap!.pool)!.sandwiches, 1)
  t.equal(simulated.risk.mev_factors?.pool_sandwiches, 1)
  t.same(
    simulated.risk.mev_factors?.pool,
    [pool.tokenVault, pool.solVault].sort((a, b) => (rawKey(a) < rawKey(b) ? -1 : 1)),
  )
  t.same(simulated.risk.known_bots, [attacker.address])
  t.ok(simulated.risk.mev_score > 0, 'a sandwiched pool is MEV exposure')
  const guarded = await engine.simulate(buy, { policy: { block_if_known_bots: true } })
  t.equal(guarded.decision, 'block')
  t.ok(guarded.decision_reasons.some((reason) => reason.rule === 'block_if_known_bots' && reason.message.includes(attacker.address)))

  // Control: the same three, in three different slots, are no sandwich.
  seen = detector.stats.transactions
  await rpcSend(await buildBuy(chain, pool, attacker, 2_000_000_000n, 20_000_000n))
  chain.advanceSlot()
  await rpcSend(await buildBuy(chain, pool, victim, 1_000_000_000n, 9_000_000n))
  chain.advanceSlot()
  await rpcSend(await buildSell(chain, pool, attacker, 20_000_000n, 2_100_000_000n))
  chain.advanceSlot()
  await waitUntil(() => detector.stats.transactions >= seen + 3, 5_000, 'the control swaps streamed')
  t.equal(detector.stats.swaps, 6, 'six swaps read from the stream in all (the setup made none)')
  t.equal(detector.getRecentSandwiches().length, 1, 'still only the first sandwich')
})
