/**
 * The vectors read a simulation's CPIs through `context.getInnerInstructions()`, which reads them
 * from the SVM's result only when asked, once (engine/hot-path/simulate/simulate-transaction.ts). Creating
 * an associated token account makes CPIs into the System and Token programs.
 */
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { parseSimulateOptions } from '../../../../engine/hot-path/simulate/simulate-options.js'
import { simulateTransaction } from '../../../../engine/hot-path/simulate/simulate-transaction.js'
import { type AccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import type { Detector } from '../../../../engine/detection/vectors/run-detection.js'
import type { InnerInstruction } from '../../../../engine/detection/vectors/vector-context.js'
import { DEMO_MINT, DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { createSimulateDependencies } from '../../../helpers/simulate-dependencies.js'
import { startStack } from '../../../helpers/stack.js'
import { asSigner, buildTransaction } from '../../../helpers/transactions.js'

const SYSTEM_PROGRAM = fromBase58Address('11111111111111111111111111111111')
const TOKEN_PROGRAM = fromBase58Address(TOKEN_PROGRAM_ADDRESS)

t.test("a vector asking for the CPIs gets the simulation's, read once", async (t) => {
  const { engine, rpc } = await startStack(t)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const payer = DEMO_WALLETS[0] as Address
  const owner = (await generateKeyPairSigner()).address
  const [ata] = await findAssociatedTokenPda({ owner, mint: DEMO_MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const bytes = await buildTransaction({
    feePayer: payer,
    blockhash: value.blockhash,
    instructions: [getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(payer), ata, owner, mint: DEMO_MINT })],
  })
  const deps = createSimulateDependencies(engine)
  const asked: Array<ReadonlyArray<ReadonlyArray<InnerInstruction>>> = []
  let keys: readonly AccountKey[] = []
  const detector: Detector = {
    detect(context, vectors) {
      keys = context.keys
      asked.push(context.getInnerInstructions(), context.getInnerInstructions())
      return deps.detector.detect(context, vectors)
    },
  }
  await engine.simulate(bytes) // fills the cache
  const response = await simulateTransaction({ ...deps, detector }, bytes, parseSimulateOptions({}))
  t.equal(response.success, true, response.failure_reason ?? '')
  const [first, second] = asked
  t.equal(first, second, 'read from the SVM once')
  t.equal(first?.length, 1, 'one list per top-level instruction')
  t.ok(
    first?.[0]?.every((inner) => inner.stackHeight === 2),
    'each made by the top-level instruction',
  )
  const invoked = new Set(first?.[0]?.map((inner) => keys[inner.programIdIndex]))
  t.ok(invoked.has(SYSTEM_PROGRAM) && invoked.has(TOKEN_PROGRAM), 'into System and Token')
})
