/**
 * The failure codes (docs/api.md#failure-codes) over REST, against the real stack (localnet demo
 * state + engine): each code is reachable with a real transaction, answers 200 (simulation failures
 * are not HTTP errors), and carries the documented terminal flag and a blocking decision.
 */
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { generateKeyPairSigner, getBase58Decoder, type Address } from '@solana/kit'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol, transferToken } from '../helpers/transactions.js'
import { createTestEdge, getJson, postSimulate } from '../helpers/edge-inject.js'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

async function simulateOverRest(t: Test, app: FastifyInstance, bytes: Uint8Array): Promise<SimulateResponse> {
  const response = await postSimulate(app, { transaction: toBase64(bytes) })
  t.equal(response.statusCode, 200, 'a failed simulation is still HTTP 200', { body: response.body.slice(0, 500) })
  const body = getJson<SimulateResponse>(response)
  if (!body) throw new Error(`not JSON: ${response.body.slice(0, 200)}`)
  return body
}

/** The fields every failed simulation shares. */
function assertFailure(t: Test, body: SimulateResponse, code: SimulateResponse['failure_code'], terminal: boolean) {
  t.equal(body.success, false, 'success: false')
  t.equal(body.failure_code, code, `failure_code ${code}`, { reason: body.failure_reason, error: body.transaction_error })
  t.equal(body.is_terminal, terminal, `is_terminal ${terminal}`)
  t.equal(body.decision, 'block', 'a failed simulation blocks')
  t.type(body.failure_reason, 'string')
  t.ok(body.failure_reason && body.failure_reason.length > 0, 'failure_reason is not empty')
  t.equal(body.suggested_compute_limit, null, 'no suggested limit on failure')
  t.equal(body.risk.risk_level, terminal ? 'high' : 'medium', 'simulation vector: terminal → high, else medium (docs/detection.md)')
}

t.test('failure codes over REST', async (t) => {
  const stack = await startStack(t)
  const app = await createTestEdge(t, stack)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const blockhash = value.blockhash
  const build = (feePayer: Address, instructions: Parameters<typeof buildTransaction>[0]['instructions'], hash = blockhash) =>
    buildTransaction({ feePayer, blockhash: hash, instructions })

  t.test('control: a demo SPL transfer within the balance succeeds', async (t) => {
    // Half the balance: the whole of it, to a key the wallet has no history with, would be a sweep (blocked).
    const half = DEMO_TOKEN_AMOUNTS[2] / 2n
    const body = await simulateOverRest(
      t,
      app,
      await build(DEMO_WALLETS[2], [transferToken(DEMO_TOKEN_ACCOUNTS[2], DEMO_TOKEN_ACCOUNTS[0], DEMO_WALLETS[2], half)]),
    )
    t.equal(body.success, true, body.failure_reason ?? '')
    t.equal(body.decision, 'approve')
    // docs/api.md: SOL changes (mint null) for every writable account, then token changes.
    const tokenChanges = body.balance_changes.filter((change) => change.mint !== null)
    t.equal(tokenChanges.length, 2, 'one token change per token account')
    t.same(tokenChanges.find((change) => change.account === DEMO_TOKEN_ACCOUNTS[0])?.delta, String(half))
    t.same(
      tokenChanges.find((change) => change.account === DEMO_TOKEN_ACCOUNTS[2]),
      {
        account: DEMO_TOKEN_ACCOUNTS[2],
        mint: DEMO_MINT,
        owner: DEMO_WALLETS[2],
        decimals: 6,
        pre: String(DEMO_TOKEN_AMOUNTS[2]),
        post: String(DEMO_TOKEN_AMOUNTS[2] - half),
        delta: String(-half),
      },
    )
  })

  t.test('insufficient_sol: a fee payer with no account', async (t) => {
    const nobody = await generateKeyPairSigner()
    const body = await simulateOverRest(t, app, await build(nobody.address, [transferSol(nobody.address, DEMO_WALLETS[0], 1n)]))
    assertFailure(t, body, 'insufficient_sol', true)
    t.equal(body.transaction_error, 'AccountNotFound')
    t.ok(
      body.recommendations.some((r) => r.code === 'fund_fee_payer'),
      'recommends funding the fee payer',
    )
  })

  t.test('insufficient_sol: a SOL transfer beyond the balance', async (t) => {
    const payer = await generateKeyPairSigner()
    await stack.rpc('requestAirdrop', [payer.address, 1_000_000_000])
    const body = await simulateOverRest(t, app, await build(payer.address, [transferSol(payer.address, DEMO_WALLETS[0], 2_000_000_000n)]))
    assertFailure(t, body, 'insufficient_sol', true)
    t.same(body.transaction_error, { InstructionError: [0, { Custom: 1 }] })
  })

  t.test('insufficient_token_balance: an SPL transfer of more than the balance', async (t) => {
    const body = await simulateOverRest(
      t,
      app,
      await build(DEMO_WALLETS[2], [
        transferToken(DEMO_TOKEN_ACCOUNTS[2], DEMO_TOKEN_ACCOUNTS[0], DEMO_WALLETS[2], DEMO_TOKEN_AMOUNTS[2] + 1n),
      ]),
    )
    assertFailure(t, body, 'insufficient_token_balance', true)
    t.same(body.transaction_error, { InstructionError: [0, { Custom: 1 }] })
    t.match(body.call_tree, [{ program_id: TOKEN_PROGRAM, success: false }])
    // The chain charges the fee of a transaction that fails in an instruction.
    t.same(
      body.balance_changes.map((change) => [change.account, change.delta]),
      [[DEMO_WALLETS[2], '-5000']],
      'only the fee moves',
    )
  })

  t.test('account_not_found: an SPL transfer to a token account that does not exist', async (t) => {
    const missing = (await generateKeyPairSigner()).address
    const body = await simulateOverRest(
      t,
      app,
      await build(DEMO_WALLETS[0], [transferToken(DEMO_TOKEN_ACCOUNTS[0], missing, DEMO_WALLETS[0], 1n)]),
    )
    assertFailure(t, body, 'account_not_found', false)
    t.match(body.failure_reason, missing, 'the reason names the missing account')
    t.same(body.transaction_error, { InstructionError: [0, 'InvalidAccountData'] })
    t.ok(
      body.recommendations.some((r) => r.code === 'create_missing_account'),
      'recommends creating the account',
    )
  })

  t.test('blockhash_expired: a blockhash the chain never produced', async (t) => {
    const payer = await generateKeyPairSigner()
    await stack.rpc('requestAirdrop', [payer.address, 1_000_000_000])
    const neverSeen = getBase58Decoder().decode(randomBytes(32))
    const body = await simulateOverRest(t, app, await build(payer.address, [transferSol(payer.address, DEMO_WALLETS[0], 1n)], neverSeen))
    assertFailure(t, body, 'blockhash_expired', false)
    t.equal(body.transaction_error, 'BlockhashNotFound')
    t.same(body.balance_changes, [], 'nothing would move')
    t.ok(body.logs.length > 0, 'the transaction still ran, so the logs show what a rebuilt one would do')
    const refresh = body.recommendations.map((r) => r.code)
    t.ok(refresh.includes('refresh_blockhash'), 'recommends refreshing the blockhash', { got: refresh })

    const replaced = await postSimulate(app, {
      transaction: toBase64(await build(payer.address, [transferSol(payer.address, DEMO_WALLETS[0], 1n)], neverSeen)),
      replace_recent_blockhash: true,
    })
    const replacedBody = getJson<SimulateResponse>(replaced)
    t.equal(replacedBody?.success, true, 'replace_recent_blockhash rescues it', { reason: replacedBody?.failure_reason })
    t.type(replacedBody?.replacement_blockhash, 'string')
  })

  t.test('program_error: an SPL transfer signed for by the wrong owner (OwnerMismatch)', async (t) => {
    const body = await simulateOverRest(
      t,
      app,
      await build(DEMO_WALLETS[1], [transferToken(DEMO_TOKEN_ACCOUNTS[0], DEMO_TOKEN_ACCOUNTS[1], DEMO_WALLETS[1], 1n)]),
    )
    assertFailure(t, body, 'program_error', false)
    t.same(body.transaction_error, { InstructionError: [0, { Custom: 4 }] })
    t.match(body.failure_reason, TOKEN_PROGRAM, 'the reason names the program')
    t.match(body.failure_reason, /0x4|\b4\b/, 'and its error')
  })
})
