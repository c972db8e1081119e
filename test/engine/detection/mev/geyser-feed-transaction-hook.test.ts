import { getBase58Decoder } from '@solana/kit'
import { getTransferInstruction } from '@solana-program/token'
import t from 'tap'
import { createGeyserFeed } from '../../../../engine/hot-path/geyser/geyser-feed.js'
import { STREAMED_TRANSACTION_PROGRAMS } from '../../../../engine/detection/programs/streamed-programs.js'
import { createDemoWalletSigners, DEMO_TOKEN_ACCOUNTS } from '../../../../localnet/seed/demo-state.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { buildSigned } from './planted-pool.js'

const base58 = getBase58Decoder()

t.test('onTransaction: every streamed transaction once, with two endpoints streaming each', async (t) => {
  const { localnet, engine } = await startStack(t, { autoAdvance: false })
  const calls: Array<{ signature: string; endpoint: number }> = []
  // Two streams to the same server: each landed transaction arrives twice.
  const feed = createGeyserFeed({
    transactionPrograms: STREAMED_TRANSACTION_PROGRAMS,
    endpoints: [localnet.geyserUrl, localnet.geyserUrl],
    token: undefined,
    stallMs: 10_000,
    cache: engine.cache,
    chain: engine.chain,
    logger: quietLogger,
    onTransaction: (update, endpoint) => calls.push({ signature: base58.decode(update.transaction!.signature), endpoint }),
  })
  feed.start()
  t.teardown(() => feed.stop())
  await waitUntil(() => feed.subscriptions.every((s) => s.state === 'connected'), 5_000, 'both streams connected')

  const [alice] = await createDemoWalletSigners()
  const sent: string[] = []
  for (let i = 1; i <= 5; i++) {
    const bytes = await buildSigned(localnet.chain, alice, [
      getTransferInstruction({ source: DEMO_TOKEN_ACCOUNTS[0], destination: DEMO_TOKEN_ACCOUNTS[1], authority: alice, amount: BigInt(i) }),
    ])
    sent.push(localnet.chain.send(bytes).signature)
  }
  const slot = Number(localnet.chain.getSlot())
  localnet.chain.advanceSlot(2)
  // A stream is ordered: once both have shown a later slot, both have shown the transactions.
  await waitUntil(() => feed.subscriptions.every((s) => s.lastSlot >= slot + 2), 5_000, 'both streams past the slot')
  t.same(calls.map((c) => c.signature).sort(), [...sent].sort(), 'each transaction once')
  t.ok(
    calls.every((c) => c.endpoint === 0 || c.endpoint === 1),
    'with the index of the endpoint that brought it first',
  )
  t.equal(feed.transactionsRecorded, 5, 'after the fee window took each')
})
