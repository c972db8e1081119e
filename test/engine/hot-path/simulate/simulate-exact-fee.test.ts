// fee_estimate_sol is exact to the lamport: it equals what the chain debits when the same
// transaction is signed and sent.
import t from 'tap'
import { type Address, createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner } from '@solana/kit'
import { DEMO_WALLETS, DEMO_WALLET_SEEDS } from '../../../../localnet/seed/demo-state.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../../../helpers/transactions.js'

t.test('ComputeBudget price and limit give the exact fee the chain charges', async (t) => {
  const { engine, rpc } = await startStack(t)
  const signer = await createKeyPairSignerFromPrivateKeyBytes(DEMO_WALLET_SEEDS[2] as Uint8Array)
  t.equal(signer.address, DEMO_WALLETS[2])
  const recipient = (await generateKeyPairSigner()).address
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const amount = 1_000_000n
  const options = {
    feePayer: signer.address as Address,
    blockhash: value.blockhash,
    computeUnitLimit: 12_345,
    computeUnitPriceMicroLamports: 777_777n,
    instructions: [transferSol(signer.address, recipient, amount)],
  }
  const unsigned = await buildTransaction(options)
  const response = await engine.simulate(unsigned)
  t.equal(response.success, true, response.failure_reason ?? '')
  // 5,000 per signature + ceil(777,777 × 12,345 / 1,000,000) = 5,000 + 9,602
  const expectedFee = 5_000 + Math.ceil((777_777 * 12_345) / 1_000_000)
  t.same(response.fee_details, {
    signatures: 1,
    base_fee_lamports: 5_000,
    priority_fee_lamports: expectedFee - 5_000,
    total_fee_lamports: expectedFee,
    compute_unit_limit: 12_345,
    compute_unit_price_micro_lamports: 777_777,
  })
  t.equal(response.fee_estimate_sol, expectedFee / 1e9)
  t.equal(response.compute_units, 450)

  // At processed: the sent transaction lands in the open slot, which confirmed and finalized (the
  // default) do not see yet.
  const balance = async () => BigInt((await rpc<{ value: number }>('getBalance', [signer.address, { commitment: 'processed' }])).value)
  const before = await balance()
  const signed = await buildTransaction({ ...options, signers: [signer] })
  await rpc('sendTransaction', [toBase64(signed), { encoding: 'base64' }])
  const after = await balance()
  t.equal(before - after - amount, BigInt(expectedFee), 'the chain debited exactly the estimated fee')
  const payerChange = response.balance_changes.find((change) => change.account === signer.address)
  t.equal(payerChange?.delta, String(-(Number(amount) + expectedFee)), 'the simulated balance change agrees')
})
