// What a watched swap or token transfer hears when the chain moves under it, on a real localnet
// whose geyser stream feeds the engine: the real Orca SOL/USDC pool moved until the user's minimum
// output is more than the pool gives, and a token balance drained by another real transaction.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getWhirlpoolDecoder, getWhirlpoolEncoder } from '@orca-so/whirlpools-client'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { SimulateResponse } from '../../../engine/contract/simulate-response.js'
import type { WatchEndReason } from '../../../engine/contract/simulation-watch.js'
import { ORCA_ACCOUNTS_DIR } from '../../helpers/fixtures.js'
import { startStack, type Stack } from '../../helpers/stack.js'
import { getMintSize, mintSetupInstructions } from '../../helpers/token-mint-setup.js'
import { buildTransaction, transferToken } from '../../helpers/transactions.js'
import { waitUntil } from '../../helpers/wait-until.js'
import { buildSolUsdcSwap, SOL_USDC, WALLET } from '../swaps/orca-fixture.js'

/** What the pool gives for 0.1 SOL before it moves (slippage-mev-orca.test.ts), and 1 % less: the user's minimum. */
const EXPECTED_OUT = 4_028_149n
const MINIMUM_OUT = 3_987_867n

function createRecorder() {
  const updates: SimulateResponse[] = []
  const ends: WatchEndReason[] = []
  return {
    updates,
    ends,
    listener: { update: (response: SimulateResponse) => updates.push(response), end: (reason: WatchEndReason) => ends.push(reason) },
  }
}

async function latestBlockhash(stack: Stack): Promise<string> {
  return (await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash
}

t.test('the pool moves until the minimum output is more than it gives: an update says so', async (t) => {
  const stack = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR, geyser: true, engineEnv: { ENGINE_WORKERS: '0' } })
  await waitUntil(() => stack.engine.geyserState === 'connected', 5_000, 'the geyser stream')
  const swap = await buildTransaction({
    feePayer: WALLET.address,
    blockhash: await latestBlockhash(stack),
    instructions: [buildSolUsdcSwap({ amount: 100_000_000n, otherAmountThreshold: MINIMUM_OUT })],
  })
  const heard = createRecorder()
  const watch = await stack.engine.watch(swap, {}, heard.listener)
  t.teardown(watch.cancel)
  t.equal(watch.response.slippage?.bps, 100, 'the minimum is 1 % under what the pool gives')
  t.equal(watch.response.slippage?.expected_amount, String(EXPECTED_OUT))

  // The price of SOL falls 3 % (sqrt price × 0.985, the current tick moved with it), as a large
  // sell would move it. There is no Whirlpool binary here to run that sell, so the pool account
  // is written the way the program would leave it; the stream carries the write as any other.
  const pool = stack.localnet.chain.getAccount(SOL_USDC.whirlpool)
  if (!pool) throw new Error('the fixture pool is not loaded')
  const decoded = getWhirlpoolDecoder().decode(pool.data)
  const sqrtPrice = (decoded.sqrtPrice * 985n) / 1000n
  const price = (Number(sqrtPrice) / 2 ** 64) ** 2
  const tickCurrentIndex = Math.floor(Math.log(price) / Math.log(1.0001))
  stack.localnet.chain.setAccount(SOL_USDC.whirlpool, {
    ...pool,
    data: new Uint8Array(getWhirlpoolEncoder().encode({ ...decoded, sqrtPrice, tickCurrentIndex })),
  })
  stack.localnet.chain.advanceSlot()
  stack.localnet.chain.advanceSlot()

  await waitUntil(() => heard.updates.length > 0, 5_000, 'an update')
  const update = heard.updates[0] as SimulateResponse
  const expected = BigInt(update.slippage?.expected_amount ?? '0')
  t.ok(expected > 0n && expected < MINIMUM_OUT, `the pool now gives ${expected}, less than the minimum ${MINIMUM_OUT}: the swap would fail`)
  t.equal(update.slippage?.bps, 0, 'no room left under the bound')
  t.equal(update.slippage?.output_amount, String(MINIMUM_OUT), 'the bound itself is the same')
  t.same(heard.ends, [])
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
  const heard = createRecorder()
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
