import t from 'tap'
import { createLocalChain, SLOTS_PER_EPOCH } from '../../localnet/chain.js'
import { MAX_PROCESSING_AGE } from '../../localnet/chain/blockhash-window.js'
import { RENT_EXEMPT_RENT_EPOCH, SYSTEM_PROGRAM_ADDRESS } from '../../localnet/chain/local-account.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'

t.test('advanceSlot moves slot, block height, blockhash, epoch and clock together', async (t) => {
  const chain = createLocalChain({ slotMs: 400, startUnixTime: 1_700_000_000, autoAdvance: false })
  t.teardown(chain.stop)
  const slot0 = chain.getSlot()
  const height0 = chain.getBlockHeight()
  const hash0 = chain.getLatestBlockhash()
  t.equal(chain.getUnixTimestamp(), 1_700_000_000n, 'clock starts at the configured unix time')
  t.equal(chain.getEpoch(), slot0 / SLOTS_PER_EPOCH, 'epoch follows mainnet schedule')
  t.equal(hash0.lastValidBlockHeight, height0 + 150n, 'lastValidBlockHeight = height + 150 like Agave')

  chain.advanceSlot(5)
  t.equal(chain.getSlot(), slot0 + 5n)
  t.equal(chain.getBlockHeight(), height0 + 5n)
  t.equal(chain.getUnixTimestamp(), 1_700_000_002n, '5 slots × 400 ms = 2 s')
  t.not(chain.getLatestBlockhash().blockhash, hash0.blockhash, 'each slot has a new blockhash')
  t.equal(chain.getLatestBlockhash().slot, slot0 + 5n)
})

t.test('a blockhash stays valid for 150 blocks and expires at the 151st', async (t) => {
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)
  const first = chain.getLatestBlockhash()
  chain.advanceSlot(MAX_PROCESSING_AGE)
  t.ok(chain.isBlockhashValid(first.blockhash), 'valid at age 150')
  t.equal(chain.getBlockHeight(), first.lastValidBlockHeight, 'and the height reached lastValidBlockHeight')
  chain.advanceSlot()
  t.notOk(chain.isBlockhashValid(first.blockhash), 'expired at age 151')
  t.notOk(chain.isBlockhashValid('11111111111111111111111111111111'), 'an unknown hash is never valid')
})

t.test('the clock starts at the wall clock by default, never 1970', async (t) => {
  const before = Math.floor(Date.now() / 1000)
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)
  t.ok(chain.getUnixTimestamp() >= BigInt(before), 'unix time at or after the start')
  t.ok(chain.getUnixTimestamp() <= BigInt(Math.floor(Date.now() / 1000)), 'and not in the future')
})

t.test('the slot timer advances slots on its own', async (t) => {
  const chain = createLocalChain({ slotMs: 10 })
  t.teardown(chain.stop)
  const slot0 = chain.getSlot()
  await new Promise((resolve) => setTimeout(resolve, 100))
  t.ok(chain.getSlot() > slot0 + 2n, `slot moved from ${slot0} to ${chain.getSlot()}`)
})

t.test('loaded state with a later rent epoch moves the slot forward, not the unix time', async (t) => {
  const chain = createLocalChain({ slotMs: 400, startUnixTime: 1_700_000_000, autoAdvance: false })
  t.teardown(chain.stop)
  const account = { lamports: 1n, data: new Uint8Array(0), owner: SYSTEM_PROGRAM_ADDRESS, executable: false }
  chain.setAccount(DEMO_WALLETS[0], { ...account, rentEpoch: 1n })
  t.equal(chain.getSlot(), 447_552_000n, 'an old rent epoch leaves the default slot')
  chain.setAccount(DEMO_WALLETS[1], { ...account, rentEpoch: RENT_EXEMPT_RENT_EPOCH })
  t.equal(chain.getSlot(), 447_552_000n, 'u64::MAX (rent exempt) is ignored')
  chain.setAccount(DEMO_WALLETS[2], { ...account, rentEpoch: 2000n })
  t.equal(chain.getSlot(), 2000n * SLOTS_PER_EPOCH, 'slot raised to the epoch of the state')
  t.equal(chain.getEpoch(), 2000n)
  t.equal(chain.getUnixTimestamp(), 1_700_000_000n, 'unix time untouched by the jump')
})

t.test('airdrop credits lamports and creates a system account when missing', async (t) => {
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)
  const wallet = DEMO_WALLETS[0]
  t.equal(chain.getAccount(wallet), null)
  const signature = chain.airdrop(wallet, 5n)
  chain.airdrop(wallet, 7n)
  t.equal(chain.getAccount(wallet)?.lamports, 12n)
  t.equal(chain.getAccount(wallet)?.owner, SYSTEM_PROGRAM_ADDRESS)
  t.same(chain.getSignatureStatus(signature), { slot: chain.getSlot(), err: null })
  t.throws(() => chain.airdrop(wallet, RENT_EXEMPT_RENT_EPOCH), /overflow/)
})

t.test('memory stays bounded: statuses keep the newest N, fees only the window', async (t) => {
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false, statusCapacity: 2 })
  t.teardown(chain.stop)
  const wallet = DEMO_WALLETS[0]
  const [first, second, third] = [chain.airdrop(wallet, 1n), chain.airdrop(wallet, 1n), chain.airdrop(wallet, 1n)]
  t.equal(chain.getSignatureStatus(first), undefined, 'the oldest is forgotten')
  t.ok(chain.getSignatureStatus(second))
  t.ok(chain.getSignatureStatus(third))
  chain.advanceSlot(1000)
  t.equal(chain.getRecentPrioritizationFees([]).length, MAX_PROCESSING_AGE + 1)
})
