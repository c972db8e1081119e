// Blockhash handling: expiry after 150 slots, replace_recent_blockhash, vectors excluding simulation.
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const wallet = (i: number) => DEMO_WALLETS[i] as Address

t.test('a blockhash older than 150 slots expires; replace_recent_blockhash simulates anyway', async (t) => {
  const { engine, localnet, rpc } = await startStack(t)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const recipient = (await generateKeyPairSigner()).address
  const bytes = await buildTransaction({
    feePayer: wallet(1),
    blockhash: value.blockhash,
    instructions: [transferSol(wallet(1), recipient, 10n ** 7n)],
  })

  const fresh = await engine.simulate(bytes)
  t.equal(fresh.success, true, 'valid while recent')

  localnet.chain.advanceSlot(151)
  await engine.chain.refresh()
  const stale = await engine.simulate(bytes)
  t.match(stale, { success: false, failure_code: 'blockhash_expired', is_terminal: false, replacement_blockhash: null })

  const replaced = await engine.simulate(bytes, { replaceRecentBlockhash: true })
  t.equal(replaced.success, true, replaced.failure_reason ?? '')
  // The engine replaces with the newest blockhash (it reads at processed); a read at the default,
  // finalized, would answer one 32 slots older.
  const latest = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'processed' }])
  t.equal(replaced.replacement_blockhash, latest.value.blockhash)
  t.equal(replaced.compute_units, 150)
})

t.test('without the simulation vector a failure is reported but does not set risk or verdict', async (t) => {
  const { engine, rpc } = await startStack(t)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const payer = (await generateKeyPairSigner()).address
  const bytes = await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, wallet(0), 1n)] })
  const counted = await engine.simulate(bytes)
  t.match(counted, { success: false, decision: 'block', risk: { risk_level: 'high' } })
  const excluded = await engine.simulate(bytes, { vectors: ['mev', 'rug'] })
  t.match(excluded, { success: false, failure_code: 'insufficient_sol', decision: 'approve', risk: { risk_level: 'safe' } })
})
