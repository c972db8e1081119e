// Each failure code (docs/api.md#failure-codes), produced by real transactions against localnet
// state.
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol, transferToken } from '../../../helpers/transactions.js'

const wallet = (i: number) => DEMO_WALLETS[i] as Address
const tokenAccount = (i: number) => DEMO_TOKEN_ACCOUNTS[i] as Address

async function latestBlockhash(stack: Stack): Promise<string> {
  return (await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash
}

t.test('failure codes', async (t) => {
  const stack = await startStack(t)
  const blockhash = await latestBlockhash(stack)

  t.test('fee payer without an account → insufficient_sol, terminal, block', async (t) => {
    const payer = await generateKeyPairSigner()
    const bytes = await buildTransaction({ feePayer: payer.address, blockhash, instructions: [transferSol(payer.address, wallet(0), 1n)] })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'insufficient_sol', is_terminal: true, decision: 'block' })
    t.equal(response.transaction_error, 'AccountNotFound')
    t.equal(response.risk.risk_level, 'high')
    t.match(response.recommendations, [{ code: 'fund_fee_payer' }])
  })

  t.test('fee payer too poor for the fee → insufficient_sol', async (t) => {
    const payer = await generateKeyPairSigner()
    await stack.rpc('requestAirdrop', [payer.address, 4_000])
    const bytes = await buildTransaction({ feePayer: payer.address, blockhash, instructions: [transferSol(payer.address, wallet(0), 1n)] })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'insufficient_sol', is_terminal: true })
    t.equal(response.transaction_error, 'InsufficientFundsForFee')
  })

  t.test('a SOL transfer beyond the balance → insufficient_sol', async (t) => {
    const bytes = await buildTransaction({
      feePayer: wallet(2),
      blockhash,
      instructions: [transferSol(wallet(2), wallet(0), 1_000_000_000_000_000n)],
    })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'insufficient_sol', is_terminal: true })
    t.same(response.transaction_error, { InstructionError: [0, { Custom: 1 }] })
    t.match(response.call_tree, [{ program_id: '11111111111111111111111111111111', success: false }])
    t.same(
      response.balance_changes.map((change) => [change.account, change.delta]),
      [[wallet(2), '-5000']],
      'a transaction that lands and fails still pays its fee',
    )
  })

  t.test('a token transfer beyond the balance → insufficient_token_balance', async (t) => {
    const bytes = await buildTransaction({
      feePayer: wallet(2),
      blockhash,
      instructions: [transferToken(tokenAccount(2), tokenAccount(0), wallet(2), (DEMO_TOKEN_AMOUNTS[2] as bigint) + 1n)],
    })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'insufficient_token_balance', is_terminal: true, decision: 'block' })
    t.same(response.transaction_error, { InstructionError: [0, { Custom: 1 }] })
  })

  t.test('a token transfer to an account that does not exist → account_not_found, not terminal', async (t) => {
    const missing = (await generateKeyPairSigner()).address
    const bytes = await buildTransaction({
      feePayer: wallet(0),
      blockhash,
      instructions: [transferToken(tokenAccount(0), missing, wallet(0), 1n)],
    })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'account_not_found', is_terminal: false, decision: 'block' })
    t.match(response.failure_reason, missing)
    t.equal(response.risk.risk_level, 'medium')
  })

  t.test('a token transfer signed for by the wrong owner → program_error naming the program', async (t) => {
    const bytes = await buildTransaction({
      feePayer: wallet(1),
      blockhash,
      instructions: [transferToken(tokenAccount(0), tokenAccount(1), wallet(1), 1n)],
    })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'program_error', is_terminal: false })
    t.same(response.transaction_error, { InstructionError: [0, { Custom: 4 }] })
    t.match(response.failure_reason, /TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA failed: custom program error: 0x4/)
  })

  t.test('a blockhash the chain never produced → blockhash_expired, not terminal', async (t) => {
    const bytes = await buildTransaction({
      feePayer: wallet(1),
      blockhash: 'GHtXQBsoZHVnNFa9YevAzFr17DJjgHXk3ycTKD5xD3Zi',
      instructions: [transferSol(wallet(1), wallet(0), 1n)],
    })
    const response = await stack.engine.simulate(bytes)
    t.match(response, { success: false, failure_code: 'blockhash_expired', is_terminal: false, decision: 'block' })
    t.equal(response.transaction_error, 'BlockhashNotFound')
    t.equal(response.compute_units, 150, 'the run still shows what a rebuilt transaction would use')
    t.match(response.recommendations, [{ code: 'refresh_blockhash' }])
  })

  t.test('undecodable bytes are invalid_transaction, never another error', async (t) => {
    await t.rejects(stack.engine.simulate(new Uint8Array([1, 2, 3])), { code: 'invalid_transaction' })
    const good = await buildTransaction({ feePayer: wallet(1), blockhash, instructions: [transferSol(wallet(1), wallet(0), 1n)] })
    await t.rejects(stack.engine.simulate(good.subarray(0, good.length - 1)), { code: 'invalid_transaction' })
  })
})
