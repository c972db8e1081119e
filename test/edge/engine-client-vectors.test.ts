// What the vectors report crosses the gRPC transport unchanged: responses with every new field
// populated (slippage, MEV factors, token risks, findings, blacklist entries, landing estimate,
// timed-out vectors, decision reasons, recommendation values) are the same over gRPC as in-process,
// and a policy and a tenant travel with the request.
import t from 'tap'
import { address, type Instruction } from '@solana/kit'
import { findAssociatedTokenPda, getApproveInstruction, getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token'
import { startEngineServer } from '../../engine/server.js'
import type { SimulateOptions } from '../../engine/contract/simulate-request.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { fromBase58Address, type AccountKey } from '../../engine/hot-path/state/account-key.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { ORCA_ACCOUNTS_DIR } from '../helpers/fixtures.js'
import { startStack } from '../helpers/stack.js'
import { asSigner, buildTransaction } from '../helpers/transactions.js'
import { buildSolUsdcSwap, WALLET } from '../engine/detection/swaps/orca-fixture.js'

/** The answer without what depends on when it was asked: its latency, and whether the result cache answered it (the second of two calls may be). */
function withoutTiming(response: SimulateResponse): Omit<SimulateResponse, 'latency_ms' | 'cached'> {
  const { latency_ms: _latency, cached: _cached, ...rest } = response
  return rest
}

t.test('rich responses are identical over both transports', async (t) => {
  const stack = await startStack(t, {
    accountsDir: ORCA_ACCOUNTS_DIR,
    engineOptions: {
      getTenantBlocks: (tenant) =>
        tenant === 'hung'
          ? new Promise<ReadonlySet<AccountKey>>(() => undefined)
          : new Set<AccountKey>(tenant === 'blocks-orca' ? [fromBase58Address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')] : []),
    },
  })
  const server = await startEngineServer(stack.engine, '127.0.0.1', 0)
  const grpc = createGrpcEngineClient(server.address)
  t.teardown(async () => {
    await grpc.close()
    await server.close()
  })
  const inProcess = createInProcessEngineClient(stack.engine)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const build = (feePayer: string, instructions: Instruction[]) =>
    buildTransaction({ feePayer: address(feePayer), blockhash: value.blockhash, instructions })

  const swap = await build(WALLET.address, [buildSolUsdcSwap({ amount: 100_000_000n, otherAmountThreshold: 3_000_000n })])
  const [ata] = await findAssociatedTokenPda({
    owner: DEMO_WALLETS[1],
    mint: DEMO_MINT,
    tokenProgram: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
  })
  const receiveAndApprove = await build(DEMO_WALLETS[1], [
    getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(DEMO_WALLETS[1]), ata, owner: DEMO_WALLETS[1], mint: DEMO_MINT }),
    getApproveInstruction({ source: DEMO_TOKEN_ACCOUNTS[1], delegate: DEMO_WALLETS[2], owner: asSigner(DEMO_WALLETS[1]), amount: 5n }),
  ])

  const cases: Array<[string, Uint8Array, SimulateOptions, (response: SimulateResponse) => void]> = [
    [
      'a swap: slippage, MEV factors and advice',
      swap,
      {},
      (r) => {
        t.equal(r.slippage?.expected_source, 'pool_quote')
        t.ok(r.risk.mev_factors && r.recommendations.some((advice) => advice.slippage_bps !== undefined))
      },
    ],
    [
      'a swap under a strict policy, by a tenant who blocks Orca',
      swap,
      { policy: { preset: 'strict', max_slippage_bps: 50 }, tenantId: 'blocks-orca' },
      (r) => {
        t.match(r.risk.blacklist_entries, [{ source: 'tenant' }])
        t.ok(r.decision_reasons.some((reason) => reason.rule === 'max_slippage_bps'))
      },
    ],
    [
      'a received token and an approval: token risk and a finding',
      receiveAndApprove,
      { policy: 'permissive' },
      (r) => {
        t.ok(r.risk.token_risk?.flags.includes('rug_pull'))
        t.match(r.risk.findings, [{ code: 'token_delegate_approved', instruction_index: 1 }])
        t.ok(r.landing_estimate)
      },
    ],
    [
      'a tenant list that never loads: timed_out_vectors',
      receiveAndApprove,
      { tenantId: 'hung', timeoutMs: 50 },
      (r) => {
        t.same(r.timed_out_vectors, ['program'])
      },
    ],
  ]
  for (const [label, bytes, options, check] of cases) {
    // Warm first: a cold call may answer before the pools and holders it started loading arrive
    // (a reason says so), and the next call, on either transport, would then know more.
    for (let tries = 0; tries < 20; tries++) {
      const warm = await inProcess.simulate(bytes, options)
      if (!warm.risk.token_risk?.reasons.some((reason) => reason.includes('being loaded'))) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const local = await inProcess.simulate(bytes, options)
    const remote = await grpc.simulate(bytes, options)
    check(local)
    t.same(withoutTiming(remote), withoutTiming(local), `${label}: the same over gRPC`)
  }

  const invalid = await grpc
    .simulate(swap, { policy: { max_mev_score: 2 } })
    .catch((error: unknown) => error as { code?: string; message?: string })
  t.match(invalid, { code: 'validation_error', message: /policy\.max_mev_score/ }, 'a bad policy is refused over gRPC as in-process')
})
