// Tracking when a transaction does not land at once: rebroadcast until its blockhash runs out
// (then `expired`, confirmed by the node's ledger first), and a record an engine left unresolved
// (it stopped mid-flight) is claimed by the next engine once its lease ends, then landed.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createMemoryTrackingStore } from '../../../../engine/landing/tracking/memory-tracking-store.js'
import { startBlackHoleRpc } from '../../../helpers/black-hole-rpc.js'
import { startStack, createStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const TENANT = '44444444-4444-4444-8444-444444444444'

t.test('a transaction whose blockhash runs out before it lands becomes expired', async (t) => {
  const hole = await startBlackHoleRpc()
  t.teardown(() => hole.close())
  const stack = await startStack(t, {
    engineEnv: { SEND_RPC_URLS: hole.url, SEND_REBROADCAST_MS: '100', CONFIRMATION_POLL_MS: '100', CHAIN_POLL_MS: '100' },
  })
  const payer = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 1_000_000_000n)
  const blockhash = stack.localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
    signers: [payer],
  })
  const sent = await stack.engine.send(bytes, { tenantId: TENANT })
  t.equal(sent.confirmation, 'pending')
  await waitUntil(() => hole.received >= 3, 5_000, 'rebroadcasts')
  t.ok(hole.received >= 3, `rebroadcast while it has not landed (${hole.received} sends)`)
  stack.localnet.chain.advanceSlot(160)
  let tracked = await stack.engine.getTransaction(TENANT, sent.signature)
  for (let i = 0; i < 100 && tracked.status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    tracked = await stack.engine.getTransaction(TENANT, sent.signature)
  }
  t.equal(tracked.status, 'expired')
  t.equal(tracked.landed_slot, null)
  const sendsAtExpiry = hole.received
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.equal(hole.received, sendsAtExpiry, 'no rebroadcast after it expired')
})

t.test('an engine that stopped mid-flight leaves the record to the next, which lands it', async (t) => {
  const hole = await startBlackHoleRpc()
  t.teardown(() => hole.close())
  const store = createMemoryTrackingStore()
  const fast = { CONFIRMATION_POLL_MS: '100', SEND_REBROADCAST_MS: '100', TRACKING_LEASE_MS: '600' }
  const first = await createStack({
    autoAdvance: true,
    engineEnv: { ...fast, SEND_RPC_URLS: hole.url },
    engineOptions: { trackingStore: store },
  })
  const payer = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  first.localnet.chain.airdrop(payer.address, 1_000_000_000n)
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: first.localnet.chain.getLatestBlockhash().blockhash,
    instructions: [transferSol(payer.address, receiver.address, 10_000_000n)],
    signers: [payer],
  })
  const sent = await first.engine.execute(bytes, { tenantId: TENANT })
  t.equal(sent.action, 'submitted')
  t.equal(sent.confirmation, 'pending')
  first.engine.stop()

  // The same chain, a new engine on the same store: it sends to the chain itself.
  const { createEngine } = await import('../../../../engine/engine.js')
  const { readConfig } = await import('../../../../lib/config.js')
  const { engineConfigSchema } = await import('../../../../engine/config.js')
  const { quietLogger } = await import('../../../helpers/stack.js')
  const second = createEngine(
    readConfig(engineConfigSchema, { SOLANA_RPC_URLS: first.localnet.rpcUrl, ENGINE_GRPC_PORT: '0', ...fast }),
    quietLogger,
    { trackingStore: store },
  )
  await second.start()
  t.teardown(async () => {
    second.stop()
    await first.close()
  })
  let tracked = await second.getTransaction(TENANT, sent.signature as string)
  const settled = () => (tracked.status === 'confirmed' || tracked.status === 'finalized') && tracked.outcome !== null
  for (let i = 0; i < 100 && !settled(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    tracked = await second.getTransaction(TENANT, sent.signature as string)
  }
  t.ok(['confirmed', 'finalized'].includes(tracked.status), tracked.status)
  t.ok(tracked.attempts > sent.attempts, 'the second engine sent it again')
  t.equal(tracked.outcome?.matched, true, 'and compared it with the prediction the first one stored')
  // At confirmed, the level the record reached (finalized, a read's default, would see it 32 slots later).
  const balance = await first.rpc<{ value: number }>('getBalance', [receiver.address, { commitment: 'confirmed' }])
  t.equal(balance.value, 10_000_000)
})

t.test('a durable-nonce transaction is never expired by height: rebroadcast goes on, then it lands', async (t) => {
  const hole = await startBlackHoleRpc()
  t.teardown(() => hole.close())
  const stack = await startStack(t, {
    engineEnv: { SEND_RPC_URLS: hole.url, SEND_REBROADCAST_MS: '100', CONFIRMATION_POLL_MS: '100', CHAIN_POLL_MS: '100' },
  })
  const { createCaseContext } = await import('../../../cases/case-context.js')
  const { createNonceAccount } = await import('../../../cases/nonce-setup.js')
  const { toTestLocalnet } = await import('../../../helpers/localnet-start.js')
  const context = createCaseContext(toTestLocalnet(stack.localnet))
  const owner = await context.fund(2_000_000_000n)
  const nonce = await createNonceAccount(context, owner, owner.address)
  const receiver = await generateKeyPairSigner()
  const bytes = await context.compile({
    feePayer: owner.address,
    instructions: [transferSol(owner.address, receiver.address, 10_000_000n)],
    signers: [owner],
    nonce,
  })
  const sent = await stack.engine.send(bytes, { tenantId: TENANT })
  t.equal(sent.confirmation, 'pending')
  stack.localnet.chain.advanceSlot(200)
  const sendsBefore = hole.received
  await waitUntil(() => hole.received >= sendsBefore + 3, 5_000, 'rebroadcasts past 150 blocks')
  const tracked = await stack.engine.getTransaction(TENANT, sent.signature)
  t.equal(tracked.status, 'pending', 'still pending 200 slots later: a nonce does not run out')
  // It lands when someone else delivers it (the nonce is still current).
  t.equal(stack.localnet.chain.send(bytes).err, null, 'it can still land')
  let resolved = await stack.engine.getTransaction(TENANT, sent.signature)
  for (let i = 0; i < 100 && resolved.status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    resolved = await stack.engine.getTransaction(TENANT, sent.signature)
  }
  t.equal(resolved.status, 'processed', 'the tracker saw it land')
})
