/**
 * Execute, send, submit, getTips and getTransaction over both EngineClient transports, on a
 * STAND-IN engine (test/helpers/stand-in-transaction-engine.ts: fixed answers, no chain): every
 * field crosses a real gRPC server and client unchanged (nulls, the JSON-valued fields, the
 * prediction and the outcome, the bundle lint, the tip percentiles), the options reach the engine
 * as they were given (max_retries, tip_lamports and deadline_ms left out stay left out: the
 * engine's defaults apply), and errors keep their catalogue code, message, details and Retry-After.
 * What the engine itself decides is tested with the engine.
 */
import t, { type Test } from 'tap'
import { startEngineServer } from '../../engine/server.js'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { createRetryableError, isServiceError, ServiceError, type ErrorCode } from '../../lib/errors.js'
import { toBase58 } from '../../lib/base58.js'
import type { SubmitOptions } from '../../engine/contract/submit-response.js'
import {
  createStandInTransactionEngine,
  STAND_IN_EXECUTE,
  STAND_IN_SEND,
  STAND_IN_SUBMIT,
  STAND_IN_TIPS,
} from '../helpers/stand-in-transaction-engine.js'

/** Wire-shaped bytes whose first signature slot is `fill` (zero: unsigned); the stand-in reads no further. */
function createSignedBytes(fill: number): Uint8Array {
  const bytes = new Uint8Array(1 + 64 + 40)
  bytes[0] = 1
  bytes.fill(fill, 1, 65)
  return bytes
}

async function getError(t: Test, work: Promise<unknown>, code: ErrorCode, label: string) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  t.ok(isServiceError(error, code), `${label}: ${code}`, { got: isServiceError(error) ? error.code : String(error) })
  return isServiceError(error) ? { code: error.code, message: error.message, details: error.details, headers: error.headers } : undefined
}

t.test('execute, send and getTransaction over both transports (stand-in engine)', async (t) => {
  const standIn = createStandInTransactionEngine()
  const server = await startEngineServer(standIn.engine, '127.0.0.1', 0)
  const transports: [EngineClient, EngineClient] = [createInProcessEngineClient(standIn.engine), createGrpcEngineClient(server.address)]
  t.teardown(async () => {
    for (const client of transports) await client.close()
    await server.close()
  })
  const [inProcess, grpc] = transports

  t.test('execute: every field arrives as the engine answered it', async (t) => {
    const bytes = createSignedBytes(7)
    const signature = toBase58(bytes.subarray(1, 65))
    for (const client of transports) {
      t.strictSame(await client.execute(bytes, { tenantId: 'alice' }), { ...STAND_IN_EXECUTE, signature }, client.transport)
    }
  })

  t.test('execute: the options reach the engine, a policy null included', async (t) => {
    standIn.calls.length = 0
    const options = { tenantId: 'alice', waitConfirmation: true, policy: { preset: 'strict' as const, max_slippage_bps: null } }
    await inProcess.execute(createSignedBytes(8), options)
    await grpc.execute(createSignedBytes(8), options)
    const [direct, remote] = standIn.calls
    t.strictSame(direct?.options, options)
    t.strictSame(remote?.options, options, 'the same options over gRPC')
  })

  t.test('send: every field arrives, the on-chain error as its JSON value', async (t) => {
    const bytes = createSignedBytes(9)
    const signature = toBase58(bytes.subarray(1, 65))
    for (const client of transports) {
      t.strictSame(await client.send(bytes, { tenantId: 'alice' }), { ...STAND_IN_SEND, signature }, client.transport)
    }
  })

  t.test('send: max_retries left out stays left out; 0 stays 0', async (t) => {
    for (const maxRetries of [undefined, 0, 5]) {
      standIn.calls.length = 0
      await grpc.send(createSignedBytes(10), maxRetries === undefined ? { tenantId: 'alice' } : { tenantId: 'alice', maxRetries })
      const options = standIn.calls[0]?.options as { maxRetries?: number }
      t.equal(options.maxRetries, maxRetries, `max_retries ${String(maxRetries)}`)
      t.equal('maxRetries' in options, maxRetries !== undefined, 'present only when given')
    }
  })

  t.test('send over gRPC: max_retries past 5 is validation_error before the engine', async (t) => {
    standIn.calls.length = 0
    await getError(t, grpc.send(createSignedBytes(11), { maxRetries: 6 }), 'validation_error', 'max_retries 6')
    t.equal(standIn.calls.length, 0, 'the engine was not called')
  })

  t.test('submit: every field arrives, the bundle lint and a null tip included', async (t) => {
    const bytes = createSignedBytes(20)
    const signature = toBase58(bytes.subarray(1, 65))
    for (const client of transports) {
      t.strictSame(
        await client.submit(bytes, { tenantId: 'alice', strategy: 'managed_tip_bundle', tipLamports: 9_000 }),
        { ...STAND_IN_SUBMIT, signature, strategy: 'managed_tip_bundle', tip_lamports: 9_000, billable: true },
        client.transport,
      )
      t.match(await client.submit(bytes, { strategy: 'direct' }), { tip_lamports: null, billable: false }, `${client.transport}: null`)
    }
  })

  t.test('submit: the options reach the engine; tip and deadline left out stay left out, 0 stays 0', async (t) => {
    const cases: SubmitOptions[] = [
      { tenantId: 'alice', strategy: 'auto_direct', waitConfirmation: true },
      { tenantId: 'alice', strategy: 'managed_tip_bundle', tipLamports: 0, waitConfirmation: false, deadlineMs: 100 },
      { tenantId: 'alice', strategy: 'staked_sender', tipLamports: 1_000_000_000_000, waitConfirmation: true, deadlineMs: 60_000 },
    ]
    for (const options of cases) {
      standIn.calls.length = 0
      await inProcess.submit(createSignedBytes(21), options)
      await grpc.submit(createSignedBytes(21), options)
      const [direct, remote] = standIn.calls
      t.strictSame(direct?.options, options, 'in-process')
      t.strictSame(remote?.options, options, `over gRPC: ${JSON.stringify(options)}`)
    }
  })

  t.test('submit over gRPC: the strategy, tip and deadline limits are validation_error before the engine', async (t) => {
    standIn.calls.length = 0
    const bytes = createSignedBytes(22)
    for (const [label, options] of [
      ['an unknown strategy', { strategy: 'jito' } as unknown as SubmitOptions],
      ['tip_lamports past the limit', { strategy: 'managed_tip_bundle', tipLamports: 1_000_000_000_001 }],
      ['deadline_ms 99', { strategy: 'direct', deadlineMs: 99 }],
      ['deadline_ms 60001', { strategy: 'direct', deadlineMs: 60_001 }],
    ] as const) {
      await getError(t, grpc.submit(bytes, options), 'validation_error', label)
    }
    t.equal(standIn.calls.length, 0, 'the engine was not called')
  })

  t.test('getTips: every field arrives, a p99 past 2^32 and null percentiles included', async (t) => {
    for (const client of transports) t.strictSame(await client.getTips(), STAND_IN_TIPS, client.transport)
    const empty = { ...STAND_IN_TIPS, sample_count: 0, p25: null, p50: null, p75: null, p95: null, p99: null, tip_accounts: [] }
    standIn.setTips(empty)
    t.teardown(() => standIn.setTips(STAND_IN_TIPS))
    for (const client of transports) t.strictSame(await client.getTips(), empty, `${client.transport}: nulls`)
  })

  t.test('getTransaction: the record with its prediction and outcome, and one with neither', async (t) => {
    const executed = createSignedBytes(12)
    const sent = createSignedBytes(13)
    await inProcess.execute(executed, { tenantId: 'bob' })
    await inProcess.send(sent, { tenantId: 'bob' })
    const executedSignature = toBase58(executed.subarray(1, 65))
    const landed = standIn.advance('bob', executedSignature, 'confirmed')
    t.ok(landed.prediction && landed.outcome, 'a record with both to carry')
    for (const client of transports) {
      t.strictSame(await client.getTransaction('bob', executedSignature), landed, `${client.transport}: prediction and outcome`)
      const bare = await client.getTransaction('bob', toBase58(sent.subarray(1, 65)))
      t.match(
        bare,
        { kind: 'send', prediction: null, outcome: null, landed_slot: null, transaction_error: null },
        `${client.transport}: nulls`,
      )
    }
    t.strictSame(await grpc.getTransaction('bob', executedSignature), await inProcess.getTransaction('bob', executedSignature))
  })

  t.test("getTransaction: a dropped bundle's strategy, bundle id, tip and drop reason", async (t) => {
    const bundled = createSignedBytes(14)
    await inProcess.send(bundled, { tenantId: 'bob' })
    const signature = toBase58(bundled.subarray(1, 65))
    const dropped = standIn.advance('bob', signature, 'dropped', {
      kind: 'submit',
      route: 'relay_bundle',
      strategy: 'managed_tip_bundle',
      relay_bundle_id: 'f00dbabe',
      // Past 2^53: a decimal string end to end.
      tip_lamports: '18446744073709551615',
      drop_reason: 'the relay reported the bundle Failed',
      transaction_error: { InstructionError: [0, { Custom: 1 }] },
    })
    for (const client of transports) {
      t.strictSame(await client.getTransaction('bob', signature), dropped, `${client.transport}: every relay field`)
    }
  })

  t.test('errors keep their catalogue code and message over gRPC', async (t) => {
    const cases: Array<[ErrorCode, (client: EngineClient) => Promise<unknown>]> = [
      ['invalid_signature', (client) => client.execute(createSignedBytes(0), {})],
      ['invalid_signature', (client) => client.send(createSignedBytes(0), {})],
      ['relay_unavailable', (client) => client.send(createSignedBytes(14), { useRelay: true })],
      ['invalid_signature', (client) => client.submit(createSignedBytes(0), { strategy: 'direct' })],
      ['not_found', (client) => client.getTransaction('mallory', toBase58(createSignedBytes(12).subarray(1, 65)))],
    ]
    for (const [code, call] of cases) {
      const a = await getError(t, call(inProcess), code, 'in-process')
      const b = await getError(t, call(grpc), code, 'grpc')
      t.strictSame(b, a, `${code}: the same code and message over both transports`)
    }
  })

  t.test("submit's refusals keep their details and Retry-After over gRPC", async (t) => {
    const lint = [{ rule: 'tip_floor' as const, ok: false, detail: 'Under the floor.' }]
    const cases: Array<[ServiceError, Record<string, unknown>]> = [
      [
        new ServiceError('bundle_rejected', 'the tip is under the floor', { details: { bundle_lint: lint } }),
        { details: { bundle_lint: lint } },
      ],
      [createRetryableError('relay_busy', 2), { headers: { 'retry-after': '2' } }],
    ]
    for (const [refusal, expected] of cases) {
      const seen = []
      for (const client of transports) {
        standIn.rejectNextSubmit(refusal)
        const error = await getError(
          t,
          client.submit(createSignedBytes(23), { strategy: 'managed_tip_bundle' }),
          refusal.code,
          client.transport,
        )
        t.match(error, expected, `${refusal.code} ${client.transport}: what it carries`)
        seen.push(error)
      }
      t.strictSame(seen[1], seen[0], `${refusal.code}: code, message, details and headers the same over both`)
    }
  })
})
