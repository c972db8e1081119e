// What a watched swap or token transfer hears when the chain moves under it, on a real localnet
// whose geyser stream feeds the engine: the recorded Orca SOL/USDC pool moved by another trader's
// sell through the real Whirlpool program until the user's minimum output is more than the pool
// gives, and a token balance drained by another real transaction.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { SimulateResponse } from '../../../../engine/contract/simulate-response.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { ORCA_ACCOUNTS_DIR, PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { createOrcaTrader, getFundInstructions, getSolUsdcOracle, getTraderSwap } from '../../../helpers/orca-sol-usdc-trader.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { getMintSize, mintSetupInstructions } from '../../../helpers/token-mint-setup.js'
import { buildTransaction, transferToken } from '../../../helpers/transactions.js'
import { buildTransaction as buildSignedTransaction } from '../../../helpers/localnet-transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { SOL_USDC } from '../../detection/swaps/orca-fixture.js'
import { createWatchRecorder } from '../../../helpers/watch-recorder.js'

/** What the pool gives for 0.1 SOL before it moves (slippage-mev-orca.test.ts), and 1 % less: the user's minimum. */
const EXPECTED_OUT = 4_028_149n
const MINIMUM_OUT = 3_987_867n
const SOL = 1_000_000_000n
const TRADE = SOL / 10n

async function latestBlockhash(stack: Stack): Promise<string> {
  return (await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash
}

t.test('the pool moves until the minimum output is more than it gives: an update says the swap fails', async (t) => {
  const stack = await startStack(t, {
    accountsDir: ORCA_ACCOUNTS_DIR,
    programsDir: PROGRAMS_DIR,
    geyser: true,
    engineEnv: { ENGINE_WORKERS: '0' },
  })
  await waitUntil(() => stack.engine.geyserState === 'connected', 5_000, 'the geyser stream')
  const { chain } = stack.localnet
  const blockhash = await latestBlockhash(stack)
  const oracle = await getSolUsdcOracle()
  const user = await createOrcaTrader(chain, 10n * SOL)
  const swap = await buildSignedTransaction({
    feePayer: user.signer,
    blockhash,
    instructions: [
      ...getFundInstructions(user, TRADE),
      getTraderSwap(user, { amount: TRADE, threshold: MINIMUM_OUT, aToB: true, tickArrays: SOL_USDC.tickArraysDown }, oracle),
    ],
  })
  const heard = createWatchRecorder()
  const watch = await stack.engine.watch(swap, {}, heard.listener)
  t.teardown(watch.cancel)
  t.equal(watch.response.success, true, `the swap would land now ${watch.response.failure_reason ?? ''}`)
  t.equal(watch.response.slippage?.bps, 100, 'the minimum is 1 % under what the pool gives')
  t.equal(watch.response.slippage?.expected_amount, String(EXPECTED_OUT))
  // The sell below must find the pool's accounts in the stream's filter already: sold before the
  // filter naming them is confirmed, their change reaches the cache by the RPC re-read that starts
  // their coverage, and the watch's periodic check notices it instead of the stream.
  const poolKeys = [SOL_USDC.whirlpool, SOL_USDC.vaultA, SOL_USDC.vaultB, ...SOL_USDC.tickArraysDown].map(fromBase58Address)
  const feed = stack.engine.geyser
  await waitUntil(() => poolKeys.every((key) => feed?.getCoverageStartMs(key) !== undefined), 5_000, 'the stream covering the pool')

  // Someone sells 10,000 SOL on the same pool through the real program: the price of SOL falls
  // past the user's 1 % (the stream carries the pool, its vaults and tick arrays as it wrote them).
  const seller = await createOrcaTrader(chain, 10_010n * SOL)
  const sell = await buildSignedTransaction({
    feePayer: seller.signer,
    blockhash,
    instructions: [
      getSetComputeUnitLimitInstruction({ units: 1_400_000 }),
      ...getFundInstructions(seller, 10_000n * SOL),
      getTraderSwap(seller, { amount: 10_000n * SOL, threshold: 0n, aToB: true, tickArrays: SOL_USDC.tickArraysDown }, oracle),
    ],
  })
  const sold = chain.send(sell)
  t.equal(sold.err, null, 'the sell lands on localnet')
  chain.advanceSlot()
  chain.advanceSlot()

  await waitUntil(() => heard.updates.length > 0, 5_000, 'an update')
  const update = heard.updates[0] as SimulateResponse
  t.equal(update.success, false, 'the swap would fail now')
  t.equal(update.failure_code, 'program_error')
  t.match(update.failure_reason, /AmountOutBelowMinimum/, "the program's own bound refuses it")
  t.equal(heard.updates.length, 1, 'one move, one update')
  t.same(heard.ends, [], 'still watching')
  t.ok(stack.engine.watches.stats.streamChanges >= 1, 'the change came from the stream')
})

t.test('a token balance drained by another transaction: update with success false', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: { ENGINE_WORKERS: '0' } })
  await waitUntil(() => stack.engine.geyserState === 'connected', 5_000, 'the geyser stream')
  const { chain } = stack.localnet
  const owner = await generateKeyPairSigner()
  const mint = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  chain.airdrop(owner.address, 2_000_000_000n)
  const setup = await mintSetupInstructions({
    payer: owner,
    mint,
    owner: owner.address,
    decimals: 6,
    amount: 1_000_000n,
    mintRentLamports: chain.getMinimumBalanceForRentExemption(BigInt(getMintSize())),
  })
  const [receiverAta] = await findAssociatedTokenPda({ owner: receiver.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const landed = chain.send(
    await buildTransaction({
      feePayer: owner.address,
      blockhash: await latestBlockhash(stack),
      instructions: [
        ...setup.instructions,
        getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata: receiverAta, owner: receiver.address, mint: mint.address }),
      ],
      signers: [owner, mint],
    }),
  )
  t.equal(landed.err, null, 'the mint and both token accounts exist')
  chain.advanceSlot()

  // The watched transaction sends 0.6 tokens; another one sends 0.5 first, leaving 0.5.
  const watched = await buildTransaction({
    feePayer: owner.address,
    blockhash: await latestBlockhash(stack),
    instructions: [transferToken(setup.associatedTokenAccount, receiverAta, owner.address, 600_000n)],
    signers: [owner],
  })
  const heard = createWatchRecorder()
  const watch = await stack.engine.watch(watched, {}, heard.listener)
  t.teardown(watch.cancel)
  t.equal(watch.response.success, true, watch.response.failure_reason ?? '')
  const drained = chain.send(
    await buildTransaction({
      feePayer: owner.address,
      blockhash: await latestBlockhash(stack),
      instructions: [transferToken(setup.associatedTokenAccount, receiverAta, owner.address, 500_000n)],
      signers: [owner],
    }),
  )
  t.equal(drained.err, null)
  chain.advanceSlot()
  chain.advanceSlot()
  await waitUntil(() => heard.updates.length > 0, 5_000, 'an update')
  const update = heard.updates[0] as SimulateResponse
  t.equal(update.success, false)
  t.equal(update.failure_code, 'insufficient_token_balance')
})
