// The geyser feed's followed accounts (what watched simulations read): an account no simulation
// put in the hot set joins the stream's account filter while followed, its writes are announced to
// onAccountWritten, and it leaves the filter when the last follower lets it go.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

t.test('a followed account is streamed and announced until it is let go', async (t) => {
  const { engine, localnet } = await startStack(t, { geyser: true, engineEnv: { ENGINE_WORKERS: '0' } })
  await waitUntil(() => engine.geyserState === 'connected', 5_000, 'geyser connected')
  const feed = engine.geyser!
  const wallet = (await generateKeyPairSigner()).address
  const key = fromBase58Address(wallet)
  t.notOk(feed.hotSet.has(key), 'no simulation read it')
  const written: AccountKey[] = []
  const stop = feed.onAccountWritten((changed) => written.push(changed))
  t.teardown(stop)

  feed.followAccounts([key], true)
  feed.followAccounts([key], true)
  await waitUntil(() => feed.getCoverageStartMs(key) !== undefined, 2_000, 'the stream covering it')
  localnet.chain.airdrop(wallet, 1_000_000_000n)
  localnet.chain.advanceSlot()
  await waitUntil(() => written.includes(key), 2_000, 'the write announced')
  t.equal(engine.cache.peek(key)?.exists, true, 'and written into the cache')

  feed.followAccounts([key], false)
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.not(feed.getCoverageStartMs(key), undefined, 'still followed once: still streamed')
  feed.followAccounts([key], false)
  await waitUntil(() => feed.getCoverageStartMs(key) === undefined, 2_000, 'the filter without it')
  written.length = 0
  localnet.chain.airdrop(wallet, 1_000_000_000n)
  localnet.chain.advanceSlot()
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.notOk(written.includes(key), 'let go: its writes no longer arrive')
})
