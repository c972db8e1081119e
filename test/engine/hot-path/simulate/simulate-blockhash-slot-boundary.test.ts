// A blockhash localnet has just issued is never judged expired, even before the engine's stream has shown its block.
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { fromAccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const payer = DEMO_WALLETS[1] as Address

/** A stack fed by localnet's geyser stream, which has shown more than 150 slots: the engine's view covers a whole validity window. */
async function startStreamedStack(t: Parameters<typeof startStack>[0]): Promise<Stack> {
  const stack = await startStack(t, { geyser: true })
  await waitUntil(() => stack.engine.geyserState === 'connected', 2_000, 'geyser connected')
  stack.localnet.chain.advanceSlot(160)
  await waitUntil(() => stack.engine.chain.slot === Number(stack.localnet.chain.getSlot()), 5_000, '160 streamed blocks')
  return stack
}

/**
 * Builds `count` transactions, each right after a new slot's blockhash is issued (no I/O in
 * between, so the engine's stream cannot have shown that block yet), `batch` in flight at once,
 * and counts the failure codes of their simulations and how many blockhashes were unseen.
 */
async function simulateAtSlotBoundaries({ engine, localnet }: Stack, count: number, batch: number) {
  const recipient = (await generateKeyPairSigner()).address
  let unseen = 0
  const codes = new Map<string, number>()
  for (let done = 0; done < count; done += batch) {
    const inFlight: Array<Promise<void>> = []
    for (let i = 0; i < batch; i++) {
      localnet.chain.advanceSlot(1)
      const { blockhash } = localnet.chain.getLatestBlockhash()
      const bytes = await buildTransaction({
        feePayer: payer,
        blockhash,
        instructions: [transferSol(payer, recipient, 10_000_000n + BigInt(done + i))],
      })
      if (engine.chain.getBlockhashStatus(fromAccountKey(fromBase58Address(blockhash))) === 'unknown') unseen++
      inFlight.push(
        engine.simulate(bytes).then((response) => {
          const code = response.failure_code ?? 'none'
          codes.set(code, (codes.get(code) ?? 0) + 1)
        }),
      )
    }
    await Promise.all(inFlight)
  }
  return { unseen, codes: Object.fromEntries(codes) }
}

t.test('1,000 transactions, each on the blockhash of a slot just issued: none is expired', async (t) => {
  const stack = await startStreamedStack(t)
  const { unseen, codes } = await simulateAtSlotBoundaries(stack, 1_000, 1)
  const { stats } = stack.engine.chain
  t.comment(`answered by the stream ${stats.blockhashStreamAnswers}, by isBlockhashValid ${stats.blockhashLookups}`)
  t.equal(unseen, 1_000, 'every blockhash was newer than the engine’s view when simulated')
  t.same(codes, { none: 1_000 }, 'every transaction simulated, none judged expired')
  t.ok(stats.blockhashStreamAnswers > 0, 'the stream’s next block brought the blockhash')
})

t.test('ten slots in flight at once, the stream falls behind and the chain is asked: none is expired', async (t) => {
  const stack = await startStreamedStack(t)
  const { unseen, codes } = await simulateAtSlotBoundaries(stack, 200, 10)
  const { stats } = stack.engine.chain
  t.comment(`answered by the stream ${stats.blockhashStreamAnswers}, by isBlockhashValid ${stats.blockhashLookups}`)
  t.equal(unseen, 200, 'every blockhash was newer than the engine’s view when simulated')
  t.same(codes, { none: 200 }, 'every transaction simulated, none judged expired')
  t.ok(stats.blockhashLookups > 0, 'blockhashes the stream had not brought were asked of the chain')
})
