// A slot the cluster abandons (Yellowstone's SLOT_DEAD) takes what the cache holds from it: the
// engine reads state at processed, which a dead fork may have written, so those entries are
// dropped and read anew; entries of other slots stay, and listeners never hear of the dead slot.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createGeyserFeed } from '../../../../engine/hot-path/geyser/geyser-feed.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { toAddressBytes } from '../../../../localnet/chain/local-account.js'
import { encodeUpdate, startScriptedGeyserServer } from '../../../helpers/scripted-geyser-server.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const SYSTEM_OWNER = new Uint8Array(32)
const DEAD_SLOT = 900_000
const SLOT_PROCESSED = 0
const SLOT_DEAD = 6

t.test('SLOT_DEAD drops the cache entries of that slot only; the next read fetches them again', async (t) => {
  const { engine } = await startStack(t, { autoAdvance: false })
  const [onDeadFork, onLiveFork] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
  const accountUpdate = (address: string, slot: number) =>
    encodeUpdate({
      account: {
        slot: String(slot),
        isStartup: false,
        account: {
          pubkey: toAddressBytes(address as never),
          lamports: '5000000',
          owner: SYSTEM_OWNER,
          executable: false,
          rentEpoch: '0',
          data: new Uint8Array(0),
          writeVersion: '1',
        },
      },
    })
  const server = await startScriptedGeyserServer(t, (index, request, call) => {
    if (index !== 0 || request.ping) return
    call.write(accountUpdate(onDeadFork.address, DEAD_SLOT))
    call.write(accountUpdate(onLiveFork.address, DEAD_SLOT + 1))
    call.write(encodeUpdate({ slot: { slot: String(DEAD_SLOT), status: SLOT_DEAD } }))
    call.write(encodeUpdate({ slot: { slot: String(DEAD_SLOT + 2), status: SLOT_PROCESSED } }))
  })
  const slots: Array<[number, string]> = []
  const feed = createGeyserFeed({
    transactionPrograms: [],
    endpoints: [server.url],
    token: undefined,
    stallMs: 10_000,
    cache: engine.cache,
    chain: engine.chain,
    logger: quietLogger,
    onSlot: (slot, status) => slots.push([slot, status]),
  })
  feed.start()
  t.teardown(() => feed.stop())
  await waitUntil(() => slots.some(([slot]) => slot === DEAD_SLOT + 2), 5_000, 'the marker slot after the dead one')

  const deadKey = fromBase58Address(onDeadFork.address)
  const liveKey = fromBase58Address(onLiveFork.address)
  t.equal(engine.cache.peek(deadKey), undefined, 'the dead slot’s write is gone')
  t.equal(engine.cache.peek(liveKey)?.slot, DEAD_SLOT + 1, 'a later slot’s write stays')
  t.same(slots, [[DEAD_SLOT + 2, 'processed']], 'listeners hear live slots only')

  const calls = engine.cache.stats.rpcCalls
  const [reread] = await engine.cache.getMany([deadKey])
  t.equal(engine.cache.stats.rpcCalls - calls, 1, 'the next read asks the RPC node')
  t.equal(reread?.exists, false, 'and takes its answer: on the surviving fork the account was never written')
})
