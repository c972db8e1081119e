/**
 * Submit through every door of the real service process (`main.ts` on embedded defaults: its own
 * localnet with the bundle relay, a funded tip wallet, localnet's RPC as the staked endpoint), over
 * real sockets, each transaction really landing on localnet: a managed-tip bundle over REST (its
 * tracking, the tip account's balance, history), `direct` over the WebSocket with the status
 * pushes, `staked_sender` and GetTips over direct gRPC with an API key, and a bundle the lint
 * refuses (nothing sent: no tracking record, no tip paid). One process serves every case.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { WebSocket } from 'ws'
import { BUNDLE_LINT_RULES, type BundleLintEntry, type SubmitResponse } from '../../engine/contract/submit-response.js'
import type { TipFloor } from '../../engine/contract/tips-response.js'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { STREAM_PATH } from '../../edge/ws/stream-route.js'
import { toBase58 } from '../../lib/base58.js'
import { createExampleTransfer } from '../../localnet/example/transfer-transaction.js'
import { createServiceProcessSetup, postJson, startServiceProcess } from '../helpers/service-process.js'
import { waitUntil } from '../helpers/wait-until.js'

/** A landing takes about one slot (400 ms) on localnet; a loaded machine may take far longer. */
const LAND_LIMIT_MS = 20_000

t.test('submit lands through REST, the WebSocket and direct gRPC on npm start’s stack', async (t) => {
  const setup = await createServiceProcessSetup(t)
  const running = await startServiceProcess(t, setup)
  if (!running) return
  const rest = setup.restUrl
  const rpcUrl = `http://127.0.0.1:${setup.ports.rpc}`

  const email = `submit-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const registered = await postJson(`${rest}/auth/register`, { email, password: 'correct horse battery staple' })
  t.equal(registered.status, 200, 'register')
  const { token } = (await registered.json()) as { token: string }
  const created = await postJson(`${rest}/api/v1/api-keys`, { name: 'submitter' }, { authorization: `Bearer ${token}` })
  t.equal(created.status, 200, 'an API key')
  const { key } = (await created.json()) as { key: string }
  const withKey = { 'x-api-key': key }

  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const body = (await (await postJson(rpcUrl, { jsonrpc: '2.0', id: 1, method, params })).json()) as { result: T }
    return body.result
  }
  // At processed, the newest state: every tip paid so far is counted, a landed one as soon as it lands
  // (finalized, a read's default, would see it only 32 slots later).
  const getLamports = async (address: string): Promise<number> =>
    (await rpc<{ value: number }>('getBalance', [address, { commitment: 'processed' }])).value
  /** A fresh localnet wallet's signed 0.001 SOL transfer: what `npm run -s localnet:transaction -- --signed` prints. */
  const createSignedTransfer = () => createExampleTransfer(rpcUrl, AbortSignal.timeout(10_000), true)
  const readTracking = (signature: string) => fetch(`${rest}/api/v1/solana/transactions/${signature}`, { headers: withKey })

  const tipsResponse = await fetch(`${rest}/api/v1/solana/tips`, { headers: withKey })
  t.equal(tipsResponse.status, 200, 'GET tips')
  const tipAccounts = ((await tipsResponse.json()) as TipFloor).tip_accounts
  t.equal(tipAccounts.length, 8, 'the relay’s 8 tip accounts')
  const getTipBalances = () => Promise.all(tipAccounts.map(getLamports))

  t.test('REST: managed_tip_bundle lands as a bundle, tipped by the service’s wallet', async (t) => {
    const before = await getTipBalances()
    const transaction = await createSignedTransfer()
    const response = await postJson(
      `${rest}/api/v1/solana/tx/submit`,
      { transaction, strategy: 'managed_tip_bundle', wait_confirmation: true },
      withKey,
    )
    t.equal(response.status, 200)
    const answer = (await response.json()) as SubmitResponse
    t.match(answer, { strategy: 'managed_tip_bundle', route: 'relay_bundle', bundle_id: /^\w+$/, billable: true, transaction_error: null })
    t.ok(['confirmed', 'finalized'].includes(answer.confirmation), `landed: ${answer.confirmation}`)
    t.ok(answer.tip_lamports !== null && answer.tip_lamports >= 1_000, `a managed tip at the floor or above: ${answer.tip_lamports}`)
    t.same(
      answer.bundle_lint.map((entry) => entry.rule),
      BUNDLE_LINT_RULES,
      'every lint rule reported',
    )
    t.same(
      answer.bundle_lint.filter((entry) => !entry.ok),
      [],
      'every rule passed',
    )
    t.type(answer.slot, 'number', 'the slot it landed in')

    const after = await getTipBalances()
    const gains = after.map((lamports, i) => lamports - (before[i] as number)).filter((gain) => gain !== 0)
    t.same(gains, [answer.tip_lamports], 'one tip account grew by exactly the tip')

    const tracking = await readTracking(answer.signature)
    t.equal(tracking.status, 200, 'its tracking record')
    let record = (await tracking.json()) as TrackedTransaction
    // The outcome (reality against the prediction submit simulated for) follows the landing.
    const landedAt = Date.now()
    while (record.outcome === null && Date.now() - landedAt < LAND_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      record = (await (await readTracking(answer.signature)).json()) as TrackedTransaction
    }
    t.match(record, {
      signature: answer.signature,
      kind: 'submit',
      strategy: 'managed_tip_bundle',
      route: 'relay_bundle',
      relay_bundle_id: answer.bundle_id,
      tip_lamports: String(answer.tip_lamports),
      status: /^(confirmed|finalized)$/,
      landed_slot: answer.slot,
      drop_reason: null,
      prediction: { success: true, compute_units: 150 },
      outcome: { landed_slot: answer.slot, matched: true, differences: [] },
    } satisfies Partial<Record<keyof TrackedTransaction, unknown>>)

    const history = await fetch(`${rest}/api/v1/solana/simulations?limit=10`, { headers: withKey })
    t.equal(history.status, 200, 'history')
    const { simulations } = (await history.json()) as {
      simulations: Array<{ kind: string; signature: string | null; transaction: Record<string, unknown> | null }>
    }
    t.match(
      simulations.find((item) => item.signature === answer.signature),
      {
        kind: 'submit',
        transaction: {
          strategy: 'managed_tip_bundle',
          route: 'relay_bundle',
          billable: true,
          bundle_id: answer.bundle_id,
          tip_lamports: String(answer.tip_lamports),
          matched: true,
        },
      },
      'history lists the submit with its strategy, bundle, tip and outcome',
    )

    // The engine saw it land on its geyser stream (the outcome above), and its tip is no sample of
    // what landed bundles tip: the tip wallet's tips follow that floor, they do not set it.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const tips = (await (await fetch(`${rest}/api/v1/solana/tips`, { headers: withKey })).json()) as TipFloor
    t.equal(tips.sample_count, 0, "the tip wallet's own tip is not sampled")
  })

  t.test('REST: a bundle whose tip is under the floor is refused, and nothing is sent', async (t) => {
    const before = await getTipBalances()
    const transaction = await createSignedTransfer()
    const response = await postJson(
      `${rest}/api/v1/solana/tx/submit`,
      { transaction, strategy: 'managed_tip_bundle', tip_lamports: 500 },
      withKey,
    )
    t.equal(response.status, 422)
    const { error } = (await response.json()) as { error: { code: string; bundle_lint: BundleLintEntry[] } }
    t.equal(error.code, 'bundle_rejected')
    t.same(
      error.bundle_lint.map((entry) => entry.rule),
      BUNDLE_LINT_RULES,
      'the whole lint comes with the error',
    )
    t.same(
      error.bundle_lint.filter((entry) => !entry.ok).map((entry) => entry.rule),
      ['tip_floor'],
      'only the tip floor failed',
    )
    t.match(
      error.bundle_lint.find((entry) => entry.rule === 'tip_floor'),
      { ok: false, detail: /500 lamports/ },
    )
    const signature = toBase58(Buffer.from(transaction, 'base64').subarray(1, 65))
    t.equal((await readTracking(signature)).status, 404, 'no tracking record: it was never sent')
    t.same(await getTipBalances(), before, 'no tip was paid')
  })

  t.test('WebSocket: direct lands, and the socket hears its status changes', async (t) => {
    const socket = new WebSocket(`ws://127.0.0.1:${setup.ports.rest}${STREAM_PATH}`, { headers: withKey })
    t.teardown(() => socket.terminate())
    const frames: Array<Record<string, unknown>> = []
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>))
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    const transaction = await createSignedTransfer()
    socket.send(JSON.stringify({ id: 'w1', type: 'submit', strategy: 'direct', transaction }))
    await waitUntil(() => frames.some((frame) => frame.id === 'w1'), LAND_LIMIT_MS, 'the submit answer')
    const answer = frames.find((frame) => frame.id === 'w1') as Partial<SubmitResponse> & { type?: string }
    t.match(answer, { type: 'submit', strategy: 'direct', route: 'direct_rpc', bundle_id: null, tip_lamports: null, billable: false })
    t.same(answer.bundle_lint, [], 'no bundle went out')
    const signature = answer.signature as string
    const isLandedPush = (frame: Record<string, unknown>) =>
      frame.type === 'transaction' && frame.signature === signature && (frame.status === 'confirmed' || frame.status === 'finalized')
    await waitUntil(() => frames.some(isLandedPush), LAND_LIMIT_MS, 'a pushed landing').catch(() => undefined)
    const pushes = frames.filter((frame) => frame.type === 'transaction')
    t.ok(pushes.some(isLandedPush), 'a push says it landed', { pushes })
    t.ok(
      pushes.every((push) => push.signature === signature),
      'every push is about it',
    )
    const tracking = await readTracking(signature)
    t.match(await tracking.json(), { kind: 'submit', strategy: 'direct', route: 'direct_rpc', relay_bundle_id: null, tip_lamports: null })
  })

  t.test('direct gRPC: staked_sender lands through the staked endpoint; GetTips names the tip accounts', async (t) => {
    const grpc = createGrpcEngineClient(`127.0.0.1:${setup.ports.grpc}`, { apiKey: key })
    t.teardown(() => grpc.close())
    const transaction = await createSignedTransfer()
    const answer = await grpc.submit(new Uint8Array(Buffer.from(transaction, 'base64')), {
      strategy: 'staked_sender',
      waitConfirmation: true,
    })
    t.match(answer, { strategy: 'staked_sender', route: 'direct_rpc', bundle_id: null, tip_lamports: null, billable: true })
    t.ok(['confirmed', 'finalized'].includes(answer.confirmation), `landed: ${answer.confirmation}`)
    t.same(answer.bundle_lint, [])
    const tracking = (await (await readTracking(answer.signature)).json()) as TrackedTransaction
    t.match(tracking, { kind: 'submit', strategy: 'staked_sender', route: 'direct_rpc' })
    // Under npm start the staked endpoint is localnet's RPC.
    t.same(tracking.endpoints, [`127.0.0.1:${setup.ports.rpc}`], 'sent to the staked endpoint')

    const tips = await grpc.getTips()
    t.equal(tips.tip_accounts.length, 8, 'GetTips answers the 8 tip accounts')
    t.same(tips.tip_accounts, tipAccounts, 'the same as REST’s')
    t.ok(tips.floor_lamports >= 1_000)
  })

  t.test('nothing was logged as an error', async (t) => {
    t.notMatch(running.output(), /"level":50/, { output: running.output().slice(-4000) })
  })
})
