import t from 'tap'
import { getSwapFlows, type SwapFlow } from '../../../../engine/detection/mev/swap-flows.js'
import { getSimulatedSwaps } from '../../../../engine/detection/mev/simulated-swaps.js'
import { getPoolVaults } from '../../../../engine/detection/mev/pool-key.js'
import type { BalanceChange } from '../../../../engine/contract/simulate-response.js'
import type { AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { RENT, WSOL, buildUpdate, createTestPool, keyOf, nameOf, swapUpdate, type TestPool } from './constructed-updates.js'

const latin1 = (key: Uint8Array) => Buffer.from(key).toString('latin1')
/** The pool key and side computed here: the two vaults' raw bytes, ordered. */
const expectedPool = (pool: TestPool) => [latin1(pool.vaultA), latin1(pool.vaultB)].sort().join('')
const sideOf = (paying: Uint8Array, other: Uint8Array) => (Buffer.compare(paying, other) < 0 ? 0 : 1)
let namerCalls = 0
const namer = (key: AccountKey) => {
  namerCalls++
  return nameOf(Buffer.from(key, 'latin1'))
}
const summary = (flow: SwapFlow) => ({
  trader: flow.trader,
  pool: flow.pool,
  side: flow.side,
  gaveMint: flow.gaveMint,
  gotMint: flow.gotMint,
  gaveAmount: flow.gaveAmount,
  gotAmount: flow.gotAmount,
})

t.test('token for token: the pool is the two vaults of the non-trader owner, the side the vault that paid', async (t) => {
  const pool = createTestPool('p', undefined, nameOf(keyOf('USDC')))
  const buy = getSwapFlows(swapUpdate({ slot: 7, index: 3, trader: 'alice', pool, buy: true, amount: 250n }), namer)
  t.same(buy.map(summary), [
    {
      trader: latin1(keyOf('alice')),
      pool: expectedPool(pool),
      side: sideOf(pool.vaultA, pool.vaultB),
      gaveMint: pool.mintB,
      gotMint: pool.mintA,
      gaveAmount: 250n,
      gotAmount: 250n,
    },
  ])
  t.equal(buy[0]!.slot, 7)
  t.equal(buy[0]!.index, 3)
  const sell = getSwapFlows(swapUpdate({ slot: 7, index: 4, trader: 'alice', pool, buy: false }), namer)
  t.equal(sell.length, 1)
  t.equal(sell[0]!.pool, buy[0]!.pool, 'the same pool either way')
  t.equal(sell[0]!.side, 1 - buy[0]!.side, 'the other side')
  t.equal(sell[0]!.gotMint, pool.mintB)
})

t.test('native SOL counts as wSOL, net of the fee and of rent moved into the trader’s own new accounts', async (t) => {
  const pool = createTestPool('sol-pool')
  const trader = keyOf('bob')
  const owner = nameOf(trader)
  const fee = 7_500n
  // Buys 40 A for 1 SOL paid natively into the wSOL vault, creating its A account (rent from its wallet).
  const buy = buildUpdate({
    slot: 1,
    index: 0,
    fee,
    signers: [{ key: trader, lamportsPre: 5_000_000_000n, lamportsPost: 5_000_000_000n - fee - 1_000_000_000n - RENT }],
    tokens: [
      { account: keyOf('bob/A'), mint: pool.mintA, owner, post: 40n },
      { account: pool.vaultA, mint: pool.mintA, owner: pool.authority, pre: 1_000n, post: 960n },
      { account: pool.vaultB, mint: WSOL, owner: pool.authority, pre: 9_000_000_000n, post: 10_000_000_000n },
    ],
  })
  t.same(getSwapFlows(buy, namer).map(summary), [
    {
      trader: latin1(trader),
      pool: expectedPool(pool),
      side: sideOf(pool.vaultA, pool.vaultB),
      gaveMint: WSOL,
      gotMint: pool.mintA,
      gaveAmount: 1_000_000_000n,
      gotAmount: 40n,
    },
  ])
  // Sells them: paid as wSOL into a temporary account it closes in the same transaction (in neither list).
  const sell = buildUpdate({
    slot: 1,
    index: 1,
    fee,
    signers: [{ key: trader, lamportsPre: 3_000_000_000n, lamportsPost: 3_000_000_000n - fee + 990_000_000n }],
    tokens: [
      { account: keyOf('bob/A'), mint: pool.mintA, owner, pre: 40n, post: 0n },
      { account: pool.vaultA, mint: pool.mintA, owner: pool.authority, pre: 960n, post: 1_000n },
      { account: pool.vaultB, mint: WSOL, owner: pool.authority, pre: 10_000_000_000n, post: 9_010_000_000n },
    ],
  })
  const [flow] = getSwapFlows(sell, namer)
  t.match(flow, { gaveMint: pool.mintA, gotMint: WSOL, gotAmount: 990_000_000n, side: sideOf(pool.vaultB, pool.vaultA) })
})

t.test('what is not a swap: a failure, a transfer between two wallets, one wallet moving its own tokens', async (t) => {
  const pool = createTestPool('x', undefined, nameOf(keyOf('Y')))
  t.same(getSwapFlows(buildUpdate({ ...specOf(swapUpdate({ slot: 1, index: 0, trader: 'a', pool, buy: true })), failed: true }), namer), [])
  const alice = keyOf('alice')
  namerCalls = 0
  const transfer = buildUpdate({
    slot: 1,
    index: 1,
    signers: [{ key: alice, lamportsPre: 1_000_000n, lamportsPost: 995_000n }],
    tokens: [
      { account: keyOf('alice/A'), mint: pool.mintA, owner: nameOf(alice), pre: 100n, post: 50n },
      { account: keyOf('carol/A'), mint: pool.mintA, owner: nameOf(keyOf('carol')), pre: 0n, post: 50n },
    ],
  })
  t.same(getSwapFlows(transfer, namer), [])
  t.equal(namerCalls, 0, 'no pool shape: no signer is named')
  const ownAccounts = buildUpdate({
    slot: 1,
    index: 2,
    signers: [{ key: alice, lamportsPre: 1_000_000n, lamportsPost: 995_000n }],
    tokens: [
      { account: keyOf('alice/A'), mint: pool.mintA, owner: nameOf(alice), pre: 100n, post: 50n },
      { account: keyOf('alice/B'), mint: pool.mintB, owner: nameOf(alice), pre: 0n, post: 70n },
    ],
  })
  t.same(getSwapFlows(ownAccounts, namer), [], 'the trader’s own accounts are never its pool')
})

t.test('a co-signing pool authority is not the trader; a fee-paying relayer is not either', async (t) => {
  const pool = createTestPool('co', undefined, nameOf(keyOf('Y')))
  const base = specOf(swapUpdate({ slot: 2, index: 0, trader: 'dave', pool, buy: true }))
  const authorityKey = keyOf('co/authority')
  t.equal(nameOf(authorityKey), pool.authority)
  const coSigned = buildUpdate({ ...base, signers: [...base.signers, { key: authorityKey, lamportsPre: 1n, lamportsPost: 1n }] })
  t.same(
    getSwapFlows(coSigned, namer).map((f) => [f.trader, f.gotMint]),
    [[latin1(keyOf('dave')), pool.mintA]],
  )
  // A relayer pays the fee and a tip in SOL; the trader signs second.
  const relayer = keyOf('relayer')
  const relayed = buildUpdate({
    ...base,
    fee: 5_000n,
    signers: [
      { key: relayer, lamportsPre: 1_000_000n, lamportsPost: 1_000_000n - 5_000n - 1_000n },
      { key: keyOf('dave'), lamportsPre: 10n, lamportsPost: 10n },
    ],
  })
  t.same(
    getSwapFlows(relayed, namer).map((f) => f.trader),
    [latin1(keyOf('dave'))],
  )
})

t.test('pools sharing one authority stay apart; vaults through a lookup table resolve', async (t) => {
  const one = createTestPool('ray-1', 'raydium-authority', nameOf(keyOf('Y')))
  const two = createTestPool('ray-2', 'raydium-authority', nameOf(keyOf('Y')))
  t.equal(one.authority, two.authority)
  const [a] = getSwapFlows(swapUpdate({ slot: 3, index: 0, trader: 'e', pool: one, buy: true }), namer)
  const [b] = getSwapFlows(swapUpdate({ slot: 3, index: 1, trader: 'e', pool: two, buy: true }), namer)
  t.not(a!.pool, b!.pool)
  t.equal(b!.pool, expectedPool(two))
  const loaded = buildUpdate({ ...specOf(swapUpdate({ slot: 3, index: 2, trader: 'e', pool: one, buy: true })), loaded: true })
  t.equal(getSwapFlows(loaded, namer)[0]!.pool, a!.pool)
})

t.test('a multi-hop route: every leg, the middle one too', async (t) => {
  const trader = keyOf('router-user')
  const owner = nameOf(trader)
  const [mA, mB, mC, mD] = ['A', 'B', 'C', 'D'].map((m) => nameOf(keyOf(`mint-${m}`))) as [string, string, string, string]
  const leg = (label: string, into: string, out: string) => [
    { account: keyOf(`${label}/in`), mint: into, owner: nameOf(keyOf(`${label}/owner`)), pre: 1_000n, post: 1_010n },
    { account: keyOf(`${label}/out`), mint: out, owner: nameOf(keyOf(`${label}/owner`)), pre: 1_000n, post: 990n },
  ]
  const update = buildUpdate({
    slot: 4,
    index: 0,
    signers: [{ key: trader, lamportsPre: 1_000_000n, lamportsPost: 995_000n }],
    tokens: [
      { account: keyOf('u/A'), mint: mA, owner, pre: 100n, post: 90n },
      { account: keyOf('u/D'), mint: mD, owner, pre: 0n, post: 10n },
      ...leg('p1', mA, mB),
      ...leg('p2', mB, mC),
      ...leg('p3', mC, mD),
    ],
  })
  const flows = getSwapFlows(update, namer)
  t.same(
    flows.map((f) => [f.gaveMint, f.gotMint]).sort(),
    [
      [mA, mB],
      [mB, mC],
      [mC, mD],
    ].sort(),
  )
  t.ok(flows.every((f) => f.trader === latin1(trader)))
})

t.test('a simulation’s balance changes give the same pool key and side as the stream', async (t) => {
  const pool = createTestPool('sim')
  const [streamed] = getSwapFlows(swapUpdate({ slot: 5, index: 0, trader: 'f', pool, buy: true, amount: 30n }), namer)
  const trader = nameOf(keyOf('f'))
  const change = (account: Uint8Array, mint: string | null, owner: string | null, pre: bigint, post: bigint): BalanceChange => ({
    account: nameOf(account),
    mint,
    owner,
    decimals: mint ? 6 : 9,
    pre: String(pre),
    post: String(post),
    delta: String(post - pre),
  })
  const changes = [
    change(keyOf('f'), null, null, 10_000_000n, 9_995_000n),
    change(keyOf('f/A'), pool.mintA, trader, 0n, 30n),
    change(pool.vaultA, pool.mintA, pool.authority, 1_000n, 970n),
    change(pool.vaultB, WSOL, pool.authority, 5_000n, 5_030n),
  ]
  t.same(getSimulatedSwaps(changes), [
    { pool: streamed!.pool, side: streamed!.side, gaveMint: WSOL, gotMint: pool.mintA, gaveAmount: 30n, gotAmount: 30n },
  ])
  t.same(getSimulatedSwaps(changes.slice(0, 3)), [], 'one vault alone is no pool')
  t.same(getPoolVaults(streamed!.pool).sort(), [latin1(pool.vaultA), latin1(pool.vaultB)].sort(), 'the vaults back out of the key')
})

/** The spec back out of a built update is not kept, so tests rebuild from the same inputs. */
function specOf(update: ReturnType<typeof swapUpdate>) {
  const info = update.transaction!
  const meta = info.meta!
  const keys = [...info.transaction!.message!.accountKeys, ...meta.loadedWritableAddresses]
  const signers = keys.slice(0, info.transaction!.message!.header!.numRequiredSignatures).map((key, i) => ({
    key,
    lamportsPre: BigInt(meta.preBalances[i]!),
    lamportsPost: BigInt(meta.postBalances[i]!),
  }))
  const indexes = [...new Set([...meta.preTokenBalances, ...meta.postTokenBalances].map((b) => b.accountIndex))]
  const tokens = indexes.map((index) => {
    const pre = meta.preTokenBalances.find((b) => b.accountIndex === index)
    const post = meta.postTokenBalances.find((b) => b.accountIndex === index)
    const any = (pre ?? post)!
    return {
      account: keys[index]!,
      mint: any.mint,
      owner: any.owner,
      ...(pre ? { pre: BigInt(pre.uiTokenAmount!.amount) } : {}),
      ...(post ? { post: BigInt(post.uiTokenAmount!.amount) } : {}),
    }
  })
  return { slot: Number(update.slot), index: Number(info.index), signature: info.signature, signers, tokens }
}
