/**
 * The EngineClient contract: one suite, run against every transport (in-process and gRPC against a
 * real engine server), as hono runs one router suite against every router. Both transports sit on
 * the same engine and the same (manually advanced) localnet, so their answers must be identical
 * except for latency_ms. Execute, send and tracking: what the engine decides without landing
 * anything (an unknown signature, an unsigned transaction) is here; what needs a landed
 * transaction is in the engine's own tests, and the message mapping of every field is in
 * engine-client-transactions.test.ts. The tip floor is checked for its shape only (the engine's
 * samples move with the chain).
 */
import t, { type Test } from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getApproveInstruction } from '@solana-program/token'
import { createDemoWalletSigners, DEMO_TOKEN_ACCOUNTS } from '../../localnet/seed/demo-state.js'
import { isServiceError, type ErrorCode } from '../../lib/errors.js'
import { startEngineServer } from '../../engine/server.js'
import { MIN_TIP_LAMPORTS, tipFloorSchema } from '../../engine/contract/tips-response.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { SimulateOptions } from '../../engine/contract/simulate-request.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { toSimulateSummary } from '../../engine/contract/serialized-simulate-response.js'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { startStack } from '../helpers/stack.js'
import { assertErrorEnvelope, createTestEdgeWithUser, postSimulate } from '../helpers/edge-inject.js'
import { buildTransaction, transferSol } from '../helpers/transactions.js'
import { getFreePort } from '../../lib/free-port.js'
import { waitUntil } from '../helpers/wait-until.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

const fitsTipFloor = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(tipFloorSchema)

interface Fixtures {
  /** A funded payer's v0 transfer of 1,000,000 lamports to `recipient`. */
  transfer: Uint8Array
  payer: string
  recipient: string
  /** The same transfer from a payer that has no account (no SOL). */
  unfunded: Uint8Array
  /** A wallet whose token account has an unlimited delegation to `delegate`. */
  approvals: { wallet: string; account: string; delegate: string }
  /** A new funded wallet's signed transfer of 1,000,000 lamports to a new recipient, each call. */
  createSignedTransfer(): Promise<{ bytes: Uint8Array; recipient: string }>
  /** A balance at processed commitment (what landed in the open slot). */
  getBalance(address: string): Promise<number>
}

/** Rejection of `work`, or a failed assertion if it resolves. */
async function getRejection(t: Test, work: Promise<unknown>): Promise<unknown> {
  try {
    const value = (await work) as Partial<SimulateResponse> | undefined
    t.fail('expected a rejection', { resolvedWith: value?.success ?? value })
    return undefined
  } catch (error) {
    return error
  }
}

function withoutLatency(response: SimulateResponse): Omit<SimulateResponse, 'latency_ms'> {
  const { latency_ms: _latency, ...rest } = response
  return rest
}

/** Asserts that `work` rejects with a catalogue ServiceError of `code`; returns it for comparison. */
async function assertRejectsWithCode(t: Test, work: Promise<unknown>, code: ErrorCode, label: string) {
  const error = await getRejection(t, work)
  t.ok(isServiceError(error, code), `${label}: rejects with ServiceError ${code}`, {
    got: isServiceError(error) ? error.code : String(error),
  })
  return isServiceError(error) ? { code: error.code, message: error.message } : undefined
}

/** The contract every EngineClient honours. */
function runEngineClientSuite(t: Test, client: EngineClient, fixtures: Fixtures) {
  t.test('a funded SOL transfer succeeds with the full response', async (t) => {
    const response = await client.simulate(fixtures.transfer, {})
    t.equal(response.success, true, response.failure_reason ?? '')
    t.equal(response.compute_units, 150)
    t.equal(response.suggested_compute_limit, 1000)
    t.equal(response.fee_estimate_sol, 0.000005)
    t.same(response.fee_details, {
      signatures: 1,
      base_fee_lamports: 5000,
      priority_fee_lamports: 0,
      total_fee_lamports: 5000,
      compute_unit_limit: 3000, // the runtime default for builtin-only transactions
      compute_unit_price_micro_lamports: 0,
    })
    t.equal(response.decision, 'approve')
    t.equal(response.risk.risk_level, 'safe')
    t.equal(response.failure_code, null)
    t.equal(response.is_terminal, null)
    t.equal(response.transaction_error, null)
    t.strictSame(response.call_tree, [
      { program_id: SYSTEM_PROGRAM, depth: 1, compute_units: 150, success: true, error: null, children: [] },
    ])
    t.strictSame(response.program_breakdown, [{ program_id: SYSTEM_PROGRAM, compute_units: 150, invocations: 1 }])
    t.strictSame(
      [...response.balance_changes].sort((a, b) => a.account.localeCompare(b.account)),
      [
        { account: fixtures.payer, mint: null, owner: null, decimals: 9, pre: '2000000000', post: '1998995000', delta: '-1005000' },
        { account: fixtures.recipient, mint: null, owner: null, decimals: 9, pre: '0', post: '1000000', delta: '1000000' },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    )
    t.type(response.latency_ms, 'number')
    t.ok(response.context_slot > 0, 'context_slot is a real slot')
    t.type(response.min_account_slot, 'number')
    t.ok((response.min_account_slot ?? 0) > 0, 'min_account_slot is a real slot', { min_account_slot: response.min_account_slot })
    t.ok((response.min_account_slot ?? Infinity) <= response.context_slot, 'no account state is newer than the context slot', {
      min_account_slot: response.min_account_slot,
      context_slot: response.context_slot,
    })
    t.ok(response.logs.length > 0, 'logs are carried')
  })

  t.test('health: an engine without a geyser endpoint is operational on RPC', async (t) => {
    const health = await client.health()
    t.equal(health.status, 'operational')
    t.equal(health.freshness, 'rpc')
    t.equal(health.geyser, null, 'no stream configured: geyser is null, not an empty object')
    t.ok(health.slot > 0, 'slot is a real slot')
  })

  t.test('a payer without SOL fails terminally with insufficient_sol', async (t) => {
    const response = await client.simulate(fixtures.unfunded, {})
    t.equal(response.success, false)
    t.equal(response.failure_code, 'insufficient_sol')
    t.equal(response.is_terminal, true)
    t.equal(response.decision, 'block')
    t.equal(response.transaction_error, 'AccountNotFound', 'the transaction error is carried')
    t.type(response.failure_reason, 'string')
    t.equal(response.suggested_compute_limit, null)
  })

  t.test('simulateSerialized: the same answer as JSON text, with its summary', async (t) => {
    t.type(client.simulateSerialized, 'function', 'both transports write JSON text')
    const { json, summary } = await client.simulateSerialized!(fixtures.unfunded, {})
    const response = JSON.parse(json) as SimulateResponse
    t.match(response, { success: false, failure_code: 'insufficient_sol', decision: 'block', transaction_error: 'AccountNotFound' })
    t.same(toSimulateSummary(summary as SimulateResponse), toSimulateSummary(response), "the summary is the answer's")
    const { latency_ms: _text, ...fromText } = response
    const { latency_ms: _object, ...fromObject } = await client.simulate(fixtures.unfunded, {})
    t.same(fromText, { ...fromObject, cached: fromText.cached }, 'the object simulate answers, but for timing and the result cache')
    await assertRejectsWithCode(
      t,
      client.simulateSerialized!(new Uint8Array([1, 2, 3]), {}),
      'invalid_transaction',
      'rejects as simulate does',
    )
  })

  t.test('undecodable bytes reject with invalid_transaction', async (t) => {
    await assertRejectsWithCode(t, client.simulate(new Uint8Array([1, 2, 3]), {}), 'invalid_transaction', 'three bytes')
    await assertRejectsWithCode(t, client.simulate(new Uint8Array(0), {}), 'invalid_transaction', 'empty bytes')
    await assertRejectsWithCode(t, client.simulate(fixtures.transfer.subarray(0, 100), {}), 'invalid_transaction', 'truncated transfer')
  })

  const badOptions: Array<[string, SimulateOptions]> = [
    ['timeout_ms 20', { timeoutMs: 20 }],
    ['timeout_ms 801', { timeoutMs: 801 }],
    ['unknown vector', { vectors: ['mev', 'astrology'] as unknown as SimulateOptions['vectors'] }],
  ]
  t.test('a bad option rejects with validation_error', async (t) => {
    for (const [label, options] of badOptions) {
      await assertRejectsWithCode(t, client.simulate(fixtures.transfer, options), 'validation_error', label)
    }
  })

  t.test('scanApprovals: the delegation scored, with its revoke transaction', async (t) => {
    const scan = await client.scanApprovals(fixtures.approvals.wallet)
    t.equal(scan.wallet, fixtures.approvals.wallet)
    t.match(scan.approvals, [
      {
        token_account: fixtures.approvals.account,
        delegate: fixtures.approvals.delegate,
        delegated_amount: '18446744073709551615',
        risk_level: 'critical',
        symbol: null,
        close_authority: null,
        known_authority: null,
        decimals: 6,
      },
    ])
    t.equal(scan.approvals.length, 1)
    t.same(scan.revoke_accounts, [fixtures.approvals.account])
    t.type(scan.revoke_transaction, 'string')
    const empty = await client.scanApprovals(fixtures.recipient)
    t.same(empty.approvals, [])
    t.equal(empty.revoke_transaction, null, 'null, not an empty string')
  })

  t.test('scanApprovals: a bad address rejects with validation_error', async (t) => {
    await assertRejectsWithCode(t, client.scanApprovals('not-an-address'), 'validation_error', 'not base58')
    await assertRejectsWithCode(t, client.scanApprovals('z'.repeat(44)), 'validation_error', 'more than 32 bytes')
    await assertRejectsWithCode(t, client.scanApprovals(''), 'validation_error', 'empty')
  })

  t.test('getTransaction: an unknown signature is not_found', async (t) => {
    const unknown = '1'.repeat(64)
    await assertRejectsWithCode(t, client.getTransaction(fixtures.payer, unknown), 'not_found', 'an unknown signature')
    await assertRejectsWithCode(t, client.getTransaction(fixtures.payer, 'not-a-signature'), 'not_found', 'not a signature at all')
  })

  t.test('execute and send: an unsigned transaction is invalid_signature and is never sent', async (t) => {
    await assertRejectsWithCode(t, client.execute(fixtures.transfer, {}), 'invalid_signature', 'execute, unsigned')
    await assertRejectsWithCode(t, client.send(fixtures.transfer, {}), 'invalid_signature', 'send, unsigned')
  })

  t.test('execute and send: a signed transfer is submitted, lands, and is tracked for its tenant only', async (t) => {
    const tenant = '66666666-6666-4666-8666-666666666666'
    const executed = await fixtures.createSignedTransfer()
    const execute = await client.execute(executed.bytes, { tenantId: tenant })
    t.equal(execute.action, 'submitted', execute.reason)
    t.equal(execute.route, 'direct_rpc')
    t.equal(await fixtures.getBalance(executed.recipient), 1_000_000, 'execute moved the balance')
    const sent = await fixtures.createSignedTransfer()
    const send = await client.send(sent.bytes, { tenantId: tenant, maxRetries: 0 })
    t.equal(send.route, 'direct_rpc')
    t.equal(send.attempts, 1)
    t.equal(await fixtures.getBalance(sent.recipient), 1_000_000, 'send moved the balance')
    const tracked = await client.getTransaction(tenant, execute.signature as string)
    t.equal(tracked.kind, 'execute')
    t.ok(tracked.prediction, 'with its prediction')
    t.equal((await client.getTransaction(tenant, send.signature)).kind, 'send')
    await assertRejectsWithCode(t, client.getTransaction(fixtures.payer, send.signature), 'not_found', "another tenant's")
  })

  t.test('execute and send: undecodable bytes are invalid_transaction', async (t) => {
    await assertRejectsWithCode(t, client.execute(new Uint8Array([1, 2, 3]), {}), 'invalid_transaction', 'execute, three bytes')
    await assertRejectsWithCode(t, client.send(new Uint8Array([1, 2, 3]), {}), 'invalid_transaction', 'send, three bytes')
  })

  t.test('getTips: the tip floor, whole, with the relay minimum under it', async (t) => {
    const floor = await client.getTips()
    t.ok(fitsTipFloor(floor), 'fits TipFloor', { errors: fitsTipFloor.errors })
    t.equal(floor.slots, 150, 'the last 150 slots')
    t.ok(floor.floor_lamports >= MIN_TIP_LAMPORTS, "never under the relay's minimum")
  })

  t.test('watch: checked as a simulate, then refused not_implemented by an engine without a geyser stream', async (t) => {
    const listener = { update: () => t.fail('no update'), end: () => t.fail('no end') }
    await assertRejectsWithCode(t, client.watch(new Uint8Array([1, 2, 3]), {}, listener), 'invalid_transaction', 'three bytes')
    await assertRejectsWithCode(t, client.watch(fixtures.transfer, { timeoutMs: 10 }, listener), 'validation_error', 'timeout_ms 10')
    await assertRejectsWithCode(t, client.watch(fixtures.transfer, {}, listener), 'not_implemented', 'no geyser stream')
  })

  t.test('limits of the options are accepted', async (t) => {
    for (const options of [{ timeoutMs: 50 }, { timeoutMs: 800 }, { vectors: ['simulation' as const] }]) {
      const response = await client.simulate(fixtures.transfer, options)
      t.equal(response.success, true, JSON.stringify(options))
    }
  })
}

t.test('EngineClient contract', async (t) => {
  const { engine, rpc } = await startStack(t)
  const grpcServer = await startEngineServer(engine, '127.0.0.1', 0)
  const transports: EngineClient[] = [createInProcessEngineClient(engine), createGrpcEngineClient(grpcServer.address)]
  t.teardown(async () => {
    for (const client of transports) await client.close()
    await grpcServer.close()
  })

  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  const delegate = await generateKeyPairSigner()
  const [, approver] = await createDemoWalletSigners()
  const broke = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const approve = await buildTransaction({
    feePayer: approver.address,
    blockhash: value.blockhash,
    instructions: [
      getApproveInstruction({ source: DEMO_TOKEN_ACCOUNTS[1], delegate: delegate.address, owner: approver, amount: 2n ** 64n - 1n }),
    ],
    signers: [approver],
  })
  await rpc('sendTransaction', [Buffer.from(approve).toString('base64'), { encoding: 'base64' }])
  const fixtures: Fixtures = {
    transfer: await buildTransaction({
      feePayer: payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(payer.address, recipient.address, 1_000_000n)],
    }),
    payer: payer.address,
    recipient: recipient.address,
    unfunded: await buildTransaction({
      feePayer: broke.address,
      blockhash: value.blockhash,
      instructions: [transferSol(broke.address, recipient.address, 1_000_000n)],
    }),
    approvals: { wallet: approver.address, account: DEMO_TOKEN_ACCOUNTS[1], delegate: delegate.address },
    async createSignedTransfer() {
      const from = await generateKeyPairSigner()
      const to = await generateKeyPairSigner()
      await rpc('requestAirdrop', [from.address, 1_000_000_000])
      const bytes = await buildTransaction({
        feePayer: from.address,
        blockhash: value.blockhash,
        instructions: [transferSol(from.address, to.address, 1_000_000n)],
        signers: [from],
      })
      return { bytes, recipient: to.address }
    },
    async getBalance(address) {
      return (await rpc<{ value: number }>('getBalance', [address, { commitment: 'processed' }])).value
    },
  }

  for (const client of transports) {
    t.test(`transport: ${client.transport}`, async (t) => runEngineClientSuite(t, client, fixtures))
  }

  t.test('both transports answer identically (but for latency_ms)', async (t) => {
    const [inProcess, grpc] = transports as [EngineClient, EngineClient]
    t.equal(inProcess.transport, 'in-process')
    t.equal(grpc.transport, 'grpc')
    for (const [label, bytes] of [
      ['success', fixtures.transfer],
      ['failure', fixtures.unfunded],
    ] as const) {
      const a = await inProcess.simulate(bytes, {})
      const b = await grpc.simulate(bytes, {})
      t.strictSame(withoutLatency(b), withoutLatency(a), `${label}: same response over gRPC as in-process`)
    }
    t.strictSame(await grpc.health(), await inProcess.health(), 'same health over gRPC as in-process')
    t.strictSame(
      await grpc.scanApprovals(fixtures.approvals.wallet),
      await inProcess.scanApprovals(fixtures.approvals.wallet),
      'same approval scan over gRPC as in-process',
    )
    const a = await assertRejectsWithCode(t, inProcess.scanApprovals('nope'), 'validation_error', 'in-process')
    const b = await assertRejectsWithCode(t, grpc.scanApprovals('nope'), 'validation_error', 'grpc')
    t.strictSame(b, a, 'same scan error over both transports')
    for (const bytes of [new Uint8Array([1, 2, 3]), fixtures.transfer.subarray(0, 100)]) {
      const a = await assertRejectsWithCode(t, inProcess.simulate(bytes, {}), 'invalid_transaction', 'in-process')
      const b = await assertRejectsWithCode(t, grpc.simulate(bytes, {}), 'invalid_transaction', 'grpc')
      t.strictSame(b, a, 'same error code and message over both transports')
    }
    const unknown = '1'.repeat(64)
    const c = await assertRejectsWithCode(t, inProcess.getTransaction(fixtures.payer, unknown), 'not_found', 'in-process')
    const d = await assertRejectsWithCode(t, grpc.getTransaction(fixtures.payer, unknown), 'not_found', 'grpc')
    t.strictSame(d, c, 'same tracking error over both transports')
  })
})

t.test('health with a connected geyser stream: the same over both transports', async (t) => {
  const { engine, localnet } = await startStack(t, { geyser: true })
  await waitUntil(() => engine.getHealth().status === 'operational', 10_000, 'geyser stream connected')
  const grpcServer = await startEngineServer(engine, '127.0.0.1', 0)
  const transports = [createInProcessEngineClient(engine), createGrpcEngineClient(grpcServer.address)] as const
  t.teardown(async () => {
    for (const client of transports) await client.close()
    await grpcServer.close()
  })
  const [inProcess, grpc] = await Promise.all(transports.map((client) => client.health()))
  t.match(inProcess, {
    status: 'operational',
    freshness: 'geyser',
    geyser: { state: 'connected', endpoints: [{ endpoint: new URL(localnet.geyserUrl).host, state: 'connected' }] },
  })
  t.type(inProcess?.geyser?.endpoints[0]?.last_slot, 'number')
  // Slots advance only by hand here, so nothing moves between the two reads.
  t.strictSame(grpc, inProcess, 'the geyser part crosses gRPC unchanged')
})

t.test('gRPC transport: an unreachable engine is engine_unavailable, 503 at the edge', async (t) => {
  const client = createGrpcEngineClient(`127.0.0.1:${await getFreePort()}`)
  t.teardown(() => client.close())
  const { app } = await createTestEdgeWithUser(t, client, { bodyLimitBytes: 64 * 1024 })
  // 200 zero bytes: the edge forwards them; the engine (were it there) would judge them.
  const bytes = new Uint8Array(200)
  await assertRejectsWithCode(t, client.simulate(bytes, { timeoutMs: 50 }), 'engine_unavailable', 'closed port')
  await assertRejectsWithCode(t, client.health(), 'engine_unavailable', 'health on a closed port')
  assertErrorEnvelope(
    t,
    await postSimulate(app, { transaction: Buffer.from(bytes).toString('base64') }),
    'engine_unavailable',
    'edge over a dead engine',
  )
})
