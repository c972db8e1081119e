// The chain tracker's blockhash answers against a real localnet: a blockhash newer than its view is never "expired" on that ground.
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { fromAccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { createChainTracker } from '../../../../engine/hot-path/state/chain-tracker.js'
import { startTestLocalnet, type TestLocalnet } from '../../../helpers/localnet-start.js'
import { quietLogger } from '../../../helpers/stack.js'

/** The tracker (read once over RPC) and what it asked. */
async function startTracker(t: Parameters<typeof startTestLocalnet>[0], localnet: TestLocalnet) {
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 })
  const chain = createChainTracker({ rpc, pollMs: 60_000, logger: quietLogger })
  await chain.refresh()
  t.teardown(() => chain.stop())
  return { chain, lookups: () => rpc.callsByMethod.get('isBlockhashValid') ?? 0 }
}

/** Issues a block on localnet and returns its blockhash bytes, slot and height. */
function issueBlock(localnet: TestLocalnet) {
  localnet.chain.advanceSlot(1)
  const { blockhash, slot } = localnet.chain.getLatestBlockhash()
  return { bytes: fromAccountKey(fromBase58Address(blockhash)), slot: Number(slot), height: Number(localnet.chain.getBlockHeight()) }
}

t.test('without a stream, a blockhash newer than the tracker is asked of the chain once and is valid', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { chain, lookups } = await startTracker(t, localnet)
  const block = issueBlock(localnet)
  t.equal(chain.getBlockhashStatus(block.bytes), 'unknown', 'not seen: unknown, not expired')
  t.same(await Promise.all([chain.checkBlockhash(block.bytes), chain.checkBlockhash(block.bytes)]), [true, true])
  t.equal(lookups(), 1, 'one isBlockhashValid call for both checks')
  t.equal(chain.getBlockhashStatus(block.bytes), 'valid', 'then a map lookup')
})

t.test('with a live stream, a check waits for the block that brings the blockhash, and RPC is not asked', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { chain, lookups } = await startTracker(t, localnet)
  chain.setStreamCoverage(chain.slot)
  const block = issueBlock(localnet)
  const check = chain.checkBlockhash(block.bytes)
  chain.recordBlock(block.bytes, block.slot, block.height)
  t.equal(await check, true)
  t.equal(lookups(), 0, 'no isBlockhashValid call')
  t.match(chain.stats, { blockhashStreamWaits: 1, blockhashStreamAnswers: 1, blockhashLookups: 0 })
})

t.test('with a live stream, a blockhash two streamed blocks did not bring is asked of the chain', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { chain, lookups } = await startTracker(t, localnet)
  chain.setStreamCoverage(chain.slot)
  // The client's node is three blocks ahead of the stream.
  const blocks = [issueBlock(localnet), issueBlock(localnet), issueBlock(localnet)]
  const newest = blocks[2]!
  const check = chain.checkBlockhash(newest.bytes)
  for (const block of blocks.slice(0, 2)) chain.recordBlock(block.bytes, block.slot, block.height)
  t.equal(await check, true, 'valid, from the chain')
  t.equal(lookups(), 1)

  const made = new Uint8Array(randomBytes(32))
  const madeCheck = chain.checkBlockhash(made, { maxStreamWaitMs: 10 })
  t.equal(await madeCheck, false, 'a made-up blockhash: the stream did not bring it, and the chain says invalid')
  t.equal(chain.getBlockhashStatus(made), 'expired', 'the chain’s "invalid" is remembered: a map lookup')
  t.equal(lookups(), 2)
})

t.test('a blockhash the stream showed is expired once 150 blocks old, without asking the chain', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { chain, lookups } = await startTracker(t, localnet)
  chain.setStreamCoverage(chain.slot)
  const old = issueBlock(localnet)
  chain.recordBlock(old.bytes, old.slot, old.height)
  localnet.chain.advanceSlot(149)
  const later = issueBlock(localnet)
  chain.recordBlock(later.bytes, later.slot, later.height)
  t.equal(later.height - old.height, 150)
  t.equal(chain.getBlockhashStatus(old.bytes), 'valid', '150 blocks old: still valid')
  const next = issueBlock(localnet)
  chain.recordBlock(next.bytes, next.slot, next.height)
  t.equal(chain.getBlockhashStatus(old.bytes), 'expired', '151 blocks old: expired')
  t.equal(await chain.checkBlockhash(old.bytes), false, 'and checking it says so too')
  t.equal(lookups(), 0)
})
