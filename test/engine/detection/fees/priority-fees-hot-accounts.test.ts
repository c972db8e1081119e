// Transactions that land on accounts users simulate feed the priority-fee window, though they
// touch no DEX or token program: the accounts a simulation wrote widen the stream's transaction
// filter, sent again on the open stream.
import t from 'tap'
import { AccountRole, generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit'
import type { Engine } from '../../../../engine/engine.js'
import type { SimulateResponse } from '../../../../engine/contract/simulate-response.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { buildTransfer } from '../../../helpers/localnet-transactions.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111' as Address
const RENT = 'SysvarRent111111111111111111111111111111111' as Address

/** Nearest-rank percentiles after a plain sort: the textbook definition. */
function percentiles(prices: number[]) {
  const sorted = [...prices].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p * sorted.length) / 100))) - 1] ?? 0
  return { low: at(25), medium: at(50), high: at(75), very_high: at(95), samples: sorted.length }
}

async function createFundedWallet(stack: Stack): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(wallet.address, 2_000_000_000n)
  return wallet
}

/** Lands one signed SOL transfer per price (undefined: no SetComputeUnitPrice); each must succeed. */
async function land(stack: Stack, from: KeyPairSigner, to: Address, prices: ReadonlyArray<bigint | undefined>): Promise<void> {
  const blockhash = stack.localnet.chain.getLatestBlockhash().blockhash
  for (let i = 0; i < prices.length; i++) {
    const price = prices[i]
    // Distinct amounts: distinct signatures.
    const bytes = await buildTransfer({
      from,
      to,
      lamports: BigInt(1_000 + i),
      blockhash,
      ...(price === undefined ? {} : { priceMicroLamports: price }),
    })
    const result = stack.localnet.chain.send(bytes)
    if (result.err !== null) throw new Error(`transfer ${i} failed: ${JSON.stringify(result.err)}`)
  }
}

/** The simulate of an unsigned transfer between the same accounts (price 1). */
async function simulateTransfer(stack: Stack, from: KeyPairSigner, to: Address) {
  const blockhash = stack.localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from, to, lamports: 1n, blockhash, priceMicroLamports: 1n, sign: false })
  return stack.engine.simulate(bytes)
}

async function advanceOneSlot(stack: Stack): Promise<void> {
  stack.localnet.chain.advanceSlot(1)
  const slot = Number(stack.localnet.chain.getSlot())
  await waitUntil(() => stack.engine.chain.slot === slot, 2_000, `slot ${slot}`)
}

/** Simulates once (so the accounts become hot and written) and waits for the server to confirm the wider filter. */
async function makeHot(stack: Stack, engine: Engine, from: KeyPairSigner, to: Address): Promise<SimulateResponse> {
  const feed = engine.geyser!
  const applied = feed.subscription.stats.filterUpdatesApplied
  const first = await simulateTransfer(stack, from, to)
  if (!first.success) throw new Error(first.failure_reason ?? 'first simulate failed')
  await waitUntil(() => feed.subscription.stats.filterUpdatesApplied > applied, 2_000, 'wider filter applied')
  return first
}

t.test('priced SOL transfers landing on simulated accounts show in the next simulate of the same accounts', async (t) => {
  const stack = await startStack(t, { geyser: true, autoAdvance: false })
  const { engine } = stack
  const feed = engine.geyser!
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  await advanceOneSlot(stack)

  const alice = await createFundedWallet(stack)
  const bob = await createFundedWallet(stack)
  const cold = await createFundedWallet(stack)
  // Funded recipients: a small transfer to a new account would leave it below rent exemption.
  const aliceTo = (await createFundedWallet(stack)).address
  const bobTo = (await createFundedWallet(stack)).address
  const coldTo = (await createFundedWallet(stack)).address

  // The first simulate finds nothing landed yet, and makes alice's accounts hot; bob's become hot
  // the same way. The cold wallet's never are.
  const first = await makeHot(stack, engine, alice, aliceTo)
  t.equal(first.priority_fees.samples, 0, 'nothing streamed yet: no samples')
  await makeHot(stack, engine, bob, bobTo)
  t.ok(
    feed.hotSet.hasWritten(fromBase58Address(alice.address)) && feed.hotSet.hasWritten(fromBase58Address(aliceTo)),
    "alice's accounts are written keys",
  )
  t.notOk(feed.hotSet.hasWritten(fromBase58Address('11111111111111111111111111111111')), 'the System Program, read-only, is not')

  const recorded = feed.transactionsRecorded
  // The cold wallet's transfers land first: the stream is in order, so once the last of the hot
  // ones has arrived, any cold one streamed would have been counted.
  await land(stack, cold, coldTo, [999_999n, 888_888n, 777_777n])
  const alicePrices = [777n, 777n, 777n, 1_000n, 50n, undefined, 2_500n, 10_000n, 777n, 300n, 40_000n, 5n]
  const bobPrices = [100_000n, 200_000n, 150_000n, 120_000n, 110_000n, 130_000n, 140_000n, 160_000n, 170_000n, 180_000n]
  await land(stack, alice, aliceTo, alicePrices)
  await land(stack, bob, bobTo, bobPrices)
  const hotLanded = alicePrices.length + bobPrices.length
  await waitUntil(() => feed.transactionsRecorded - recorded >= hotLanded, 10_000, 'the hot transfers streamed')
  t.equal(feed.transactionsRecorded - recorded, hotLanded, "every hot transfer streamed once, the cold wallet's not at all")

  // Answers are kept per slot, and the global window publishes when it moves: the next slot.
  await advanceOneSlot(stack)
  const toNumbers = (prices: ReadonlyArray<bigint | undefined>) => prices.map((price) => Number(price ?? 0n))

  const aliceFees = (await simulateTransfer(stack, alice, aliceTo)).priority_fees
  t.same(aliceFees, percentiles(toNumbers(alicePrices)), "alice's transfer: the percentiles of what landed on her accounts")
  t.equal(aliceFees.medium, 777, 'the median is the 777 that landed most')

  const bobFees = (await simulateTransfer(stack, bob, bobTo)).priority_fees
  t.same(bobFees, percentiles(toNumbers(bobPrices)), "bob's transfer: his own, not alice's")

  // Accounts nothing landed on: the global window, which holds the hot transfers only.
  const stranger = await createFundedWallet(stack)
  const strangerFees = (await simulateTransfer(stack, stranger, (await createFundedWallet(stack)).address)).priority_fees
  t.same(strangerFees, percentiles(toNumbers([...alicePrices, ...bobPrices])), 'the global window, without the cold wallet')
})

t.test('a simulation asking to write a program does not stream every transaction that includes it', async (t) => {
  const stack = await startStack(t, { geyser: true, autoAdvance: false })
  const { engine } = stack
  const feed = engine.geyser!
  await waitUntil(() => engine.geyserState === 'connected', 2_000, 'geyser connected')
  const wallet = await createFundedWallet(stack)
  const to = (await createFundedWallet(stack)).address
  const cold = await createFundedWallet(stack)
  const coldTo = (await createFundedWallet(stack)).address

  // A transfer that also asks for write locks on the Compute Budget program and the Rent sysvar
  // (the runtime demotes both): every priced transaction includes the former.
  const transfer = transferSol(wallet.address, to, 1n)
  const greedy = await buildTransaction({
    feePayer: wallet.address,
    blockhash: stack.localnet.chain.getLatestBlockhash().blockhash,
    instructions: [
      {
        ...transfer,
        accounts: [
          ...(transfer.accounts ?? []),
          { address: COMPUTE_BUDGET, role: AccountRole.WRITABLE },
          { address: RENT, role: AccountRole.WRITABLE },
        ],
      },
    ],
  })
  const applied = feed.subscription.stats.filterUpdatesApplied
  await engine.simulate(greedy)
  await waitUntil(() => feed.subscription.stats.filterUpdatesApplied > applied, 2_000, 'filter applied')
  t.ok(feed.hotSet.hasWritten(fromBase58Address(COMPUTE_BUDGET)), 'the program was asked to be written')
  t.ok(feed.hotSet.hasWritten(fromBase58Address(wallet.address)), 'and the wallet')

  const recorded = feed.transactionsRecorded
  // Priced, so they include the Compute Budget program; then one marker on the wallet.
  await land(stack, cold, coldTo, [5n, 6n, 7n])
  await land(stack, wallet, to, [777n])
  await waitUntil(() => feed.transactionsRecorded > recorded, 10_000, 'the marker streamed')
  t.equal(feed.transactionsRecorded - recorded, 1, 'only the wallet transfer streamed: the program stays out of the filter')
})
