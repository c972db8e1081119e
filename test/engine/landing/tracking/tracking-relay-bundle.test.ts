// A transaction sent in a relay bundle is never rebroadcast to the RPC endpoints (reaching the public
// mempool outside its bundle would undo the bundle's MEV protection), even after an engine claims it
// from the store; it is still resolved by what the chain says, with its relay fields kept.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { toBase58 } from '../../../../lib/base58.js'
import { createMemoryTrackingStore } from '../../../../engine/landing/tracking/memory-tracking-store.js'
import type { TrackingRecord } from '../../../../engine/landing/tracking/tracking-record.js'
import { startBlackHoleRpc } from '../../../helpers/black-hole-rpc.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const TENANT = '55555555-5555-4555-8555-555555555555'

t.test('a relay bundle is not rebroadcast to the endpoints, and lands by the chain', async (t) => {
  const hole = await startBlackHoleRpc()
  t.teardown(() => hole.close())
  const store = createMemoryTrackingStore()
  const stack = await startStack(t, {
    engineEnv: { SEND_RPC_URLS: hole.url, SEND_REBROADCAST_MS: '100', CONFIRMATION_POLL_MS: '100', TRACKING_LEASE_MS: '600' },
    engineOptions: { trackingStore: store },
  })
  const payer = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 1_000_000_000n)
  const blockhash = stack.localnet.chain.getLatestBlockhash().blockhash
  const build = async () =>
    buildTransaction({
      feePayer: payer.address,
      blockhash,
      instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
      signers: [payer],
    })
  const record = (wire: Uint8Array, fields: Partial<TrackingRecord>): TrackingRecord => ({
    userId: TENANT,
    signature: toBase58(wire.subarray(1, 65)),
    kind: 'send',
    status: 'pending',
    route: 'direct_rpc',
    attempts: 1,
    endpoints: [],
    wireTransaction: wire,
    lastValidBlockHeight: null,
    landedSlot: null,
    transactionError: null,
    prediction: null,
    outcome: null,
    strategy: null,
    relayBundleId: null,
    tipLamports: null,
    dropReason: null,
    createdAtMs: Date.now(),
    updatedAtMs: Date.now(),
    ...fields,
  })
  const bundledWire = await build()
  const direct = record(await build(), {})
  const bundled = record(bundledWire, {
    kind: 'submit',
    route: 'relay_bundle',
    strategy: 'managed_tip_bundle',
    relayBundleId: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00',
    tipLamports: 10_000n,
  })
  // Left unleased, as by an engine that died: this engine claims both.
  await store.create(bundled, 0)
  await store.create(direct, 0)

  await waitUntil(() => hole.receivedOf(direct.signature) >= 3, 10_000, 'rebroadcasts of the direct transaction')
  t.ok(hole.receivedOf(direct.signature) >= 3, 'the claimed direct transaction is rebroadcast')
  t.equal(hole.receivedOf(bundled.signature), 0, 'the bundled one never reached an endpoint')

  // Landed by someone else (as the relay would): the chain's word resolves it.
  t.equal(stack.localnet.chain.send(bundledWire).err, null, 'it lands')
  let tracked = await stack.engine.getTransaction(TENANT, bundled.signature)
  for (let i = 0; i < 100 && tracked.status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    tracked = await stack.engine.getTransaction(TENANT, bundled.signature)
  }
  t.match(tracked, {
    status: 'processed',
    kind: 'submit',
    route: 'relay_bundle',
    strategy: 'managed_tip_bundle',
    relay_bundle_id: bundled.relayBundleId,
    tip_lamports: '10000',
    drop_reason: null,
  })
  t.equal(hole.receivedOf(bundled.signature), 0, 'still never rebroadcast')
})
