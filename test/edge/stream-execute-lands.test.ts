/**
 * Execute over the WebSocket stream with the real engine on localnet (no stand-in): a signed
 * transfer sent as `{type: "execute"}` is submitted and lands, the caller's socket is pushed its
 * transaction as it moves (processed, then confirmed, with the outcome against the prediction),
 * and another user's socket is pushed nothing. The tracking records live in the user service.
 */
import t, { type Test } from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { WebSocket } from 'ws'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import { createUserServiceTrackingStore } from '../../engine/landing/tracking/user-service-tracking-store.js'
import { createCallerServices } from '../../callers/caller-services.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { STREAM_PATH } from '../../edge/ws/stream-route.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { createInProcessTransactionUpdates } from '../../lib/transaction-updates.js'
import { quietLogger, startStack } from '../helpers/stack.js'
import { buildTransaction, transferSol } from '../helpers/transactions.js'
import { createTestUserService, registerTestUser } from '../helpers/user-service.js'

type Frame = Record<string, unknown>

/** A socket for `apiKey` that keeps every JSON frame it receives. */
async function openStream(t: Test, port: number, apiKey: string): Promise<{ socket: WebSocket; frames: Frame[] }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${STREAM_PATH}`, { headers: { 'x-api-key': apiKey } })
  t.teardown(() => socket.terminate())
  const frames: Frame[] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return { socket, frames }
}

async function waitFor(check: () => boolean, limitMs: number): Promise<void> {
  const started = Date.now()
  while (!check() && Date.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 50))
}

t.test('an execute message lands; its owner is pushed its progress and outcome, nobody else', async (t) => {
  const users = await createTestUserService(t)
  const stack = await startStack(t, {
    autoAdvance: true,
    geyser: true,
    engineEnv: { SEND_REBROADCAST_MS: '200', CONFIRMATION_POLL_MS: '100' },
    engineOptions: { trackingStore: createUserServiceTrackingStore(users.userService) },
  })
  const updates = createInProcessTransactionUpdates<TrackedTransaction>()
  t.teardown(() => updates.close())
  stack.engine.onTransactionUpdate((tenantId, transaction) => void updates.publish(tenantId, transaction))
  const callers = createCallerServices({
    userService: users.userService,
    signingKey: users.signingKey,
    admission: createInProcessAdmission(),
    logger: quietLogger,
    invalidations: users.bus,
    usageFlushIntervalMs: 60_000,
  })
  const app = createEdgeServer({
    engine: createInProcessEngineClient(stack.engine),
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    transactionUpdates: updates,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(async () => {
    await app.close()
    await callers.close()
  })
  const port = (app.server.address() as { port: number }).port
  const alice = await registerTestUser(app, 'alice')
  const bob = await registerTestUser(app, 'bob')
  const aliceStream = await openStream(t, port, alice.apiKey)
  const bobStream = await openStream(t, port, bob.apiKey)

  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 1_000_000_000n)
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: stack.localnet.chain.getLatestBlockhash().blockhash,
    instructions: [transferSol(payer.address, recipient.address, 42_000_000n)],
    signers: [payer],
  })
  aliceStream.socket.send(JSON.stringify({ id: 1, type: 'execute', transaction: Buffer.from(bytes).toString('base64') }))
  await waitFor(() => aliceStream.frames.some((frame) => frame.id === 1), 10_000)
  const answer = aliceStream.frames.find((frame) => frame.id === 1)
  t.match(answer, { id: 1, type: 'execute', action: 'submitted', route: 'direct_rpc' })
  const signature = answer?.signature as string

  const pushes = () => aliceStream.frames.filter((frame) => frame.type === 'transaction' && frame.signature === signature)
  await waitFor(() => pushes().some((push) => push.status === 'confirmed' && push.outcome !== null), 10_000)
  const statuses = pushes().map((push) => push.status)
  t.ok(statuses.includes('confirmed'), `pushed as it moved: ${statuses.join(', ')}`)
  const confirmed = pushes().find((push) => push.status === 'confirmed' && push.outcome !== null)
  t.match(confirmed, { outcome: { matched: true, differences: [] } }, 'with its outcome')
  t.equal(stack.localnet.chain.getAccount(recipient.address)?.lamports, 42_000_000n, 'it landed')
  t.same(
    bobStream.frames.filter((frame) => frame.type === 'transaction'),
    [],
    "bob's socket is pushed none of alice's",
  )
  const me = await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${alice.token}` } })
  const stored = await users.userService.getTrackedTransaction((me.json() as { id: string }).id, signature)
  t.equal(stored?.kind, 'execute', 'the record is in the user service')
})
