import { address, getBase58Decoder } from '@solana/kit'
import { credentials, makeGenericClientConstructor, status, type ClientDuplexStream, type ServiceError } from '@grpc/grpc-js'
import t from 'tap'
import { geyserServiceDefinition } from '../../localnet/geyser/geyser-service-definition.js'
import { SubscribeRequest, SubscribeUpdate } from '../../localnet/geyser/yellowstone-messages.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { connectGeyserClient, subscribeGeyser } from '../helpers/geyser-client.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const key = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

/** Opens Subscribe with grpc-js itself, to read the status code the native client does not expose. */
function subscribeRaw(url: string, request: Record<string, unknown>): Promise<ServiceError> {
  const Geyser = makeGenericClientConstructor(geyserServiceDefinition, 'Geyser')
  const client = new Geyser(url.replace('http://', ''), credentials.createInsecure())
  const call = (client as unknown as { Subscribe(): ClientDuplexStream<SubscribeRequest, Uint8Array> }).Subscribe()
  call.write((SubscribeRequest.fromPartial as (partial: object) => SubscribeRequest)(request))
  return new Promise((resolve) => {
    call.on('data', () => {})
    call.on('error', (error: ServiceError) => {
      client.close()
      resolve(error)
    })
  })
}

t.test('from_slot replays the kept updates from that slot, then continues live', async (t) => {
  const localnet = await startTestLocalnet(t)
  const chain = localnet.chain
  const from = chain.getSlot() + 1n
  chain.advanceSlot()
  chain.airdrop(RECIPIENT, 1_000_000_000n)
  chain.advanceSlot()
  chain.airdrop(RECIPIENT, 1_000_000_000n)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { accounts: { recipient: { account: [RECIPIENT] } }, fromSlot: String(from) })
  const first = await sub.next((u) => u.account !== undefined)
  const second = await sub.next((u) => u.account !== undefined)
  t.same([first.account!.slot, second.account!.slot], [String(from), String(from + 1n)], 'replayed in order, with their slots')
  t.same([first.account!.account!.lamports, second.account!.account!.lamports], ['1000000000', '2000000000'])
  chain.airdrop(RECIPIENT, 1_000_000_000n)
  t.equal((await sub.next((u) => u.account !== undefined)).account!.account!.lamports, '3000000000', 'then live')
  t.same(await client.subscribeReplayInfo(), { firstAvailable: String(from - 1n) }, 'the oldest replayable slot')
})

t.test('a from_slot older than what is kept, and a bad filter, end the stream with INVALID_ARGUMENT', async (t) => {
  const localnet = await startTestLocalnet(t)
  const tooOld = await subscribeRaw(localnet.geyserUrl, { slots: { s: {} }, fromSlot: String(localnet.chain.getSlot() - 10n) })
  t.equal(tooOld.code, status.INVALID_ARGUMENT)
  t.match(tooOld.details, /from_slot \d+ is not available, the oldest available slot is \d+/)
  const bad = await subscribeRaw(localnet.geyserUrl, { accounts: { bad: { account: ['not-a-pubkey'] } } })
  t.equal(bad.code, status.INVALID_ARGUMENT)
  t.match(bad.details, /failed to create filter: accounts\.bad\.account: invalid pubkey/)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { blocks: { b: { accountInclude: [] } } })
  t.ok(await sub.failed, 'the real client sees the stream fail')
})

t.test('a new request on an open stream replaces its filters', async (t) => {
  const localnet = await startTestLocalnet(t)
  const chain = localnet.chain
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { accounts: { recipient: { account: [RECIPIENT] } } })
  chain.airdrop(RECIPIENT, 1n)
  t.equal(key((await sub.next((u) => u.account !== undefined)).account!.account!.pubkey), RECIPIENT)
  await sub.apply({ accounts: { wallet: { account: [DEMO_WALLETS[1]] } }, blocksMeta: { meta: {} } })
  chain.airdrop(RECIPIENT, 1n)
  chain.airdrop(DEMO_WALLETS[1], 1n)
  const next = await sub.next((u) => u.account !== undefined)
  t.equal(key(next.account!.account!.pubkey), DEMO_WALLETS[1], 'the old filter is gone, the new one applies')
  t.same(next.filters, ['wallet'])
  chain.advanceSlot()
  t.ok(await sub.next((u) => u.blockMeta !== undefined), 'blocks_meta added')
  await sub.apply({ slots: { only: {} } })
  chain.airdrop(DEMO_WALLETS[1], 1n)
  chain.advanceSlot()
  const after = await sub.next((u) => u.slot !== undefined && u.slot.status === 0)
  t.same(after.filters, ['only'])
  const tail = sub.received.slice(sub.received.indexOf(next) + 1)
  t.equal(tail.filter((u) => u.account).length, 0, 'no account updates after the accounts filter was dropped')
})

t.test('closing the stream, the client and the localnet is clean', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { slots: { s: {} } })
  localnet.chain.advanceSlot()
  await sub.next((u) => u.slot !== undefined)
  sub.stream.destroy()
  // A second stream on the same client still works after the first is closed.
  const again = await subscribeGeyser(t, client, { blocksMeta: { m: {} } })
  localnet.chain.advanceSlot()
  t.ok(await again.next((u) => u.blockMeta !== undefined))
  const ended = new Promise<void>((resolve) => {
    again.stream.on('close', () => resolve())
    again.stream.on('error', () => resolve())
    again.stream.resume()
  })
  const started = Date.now()
  await localnet.close()
  await ended
  t.ok(Date.now() - started < 1_000, 'close does not wait for the grace period with a stream open')
  t.ok(SubscribeUpdate, 'codecs loaded')
})
