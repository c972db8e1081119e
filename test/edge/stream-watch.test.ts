/**
 * Watched simulations over the WebSocket stream, with real sockets, a real edge and an engine fed
 * by a real localnet's geyser stream: the answer carries a subscription, a real transaction that
 * drains the payer brings a simulation_update, nothing changing brings nothing, unsubscribe and a
 * closed socket stop the engine's watches, the per-socket and per-process limits refuse with
 * watch_limit_exceeded, and a subscription belongs to the socket that opened it.
 */
import t, { type Test } from 'tap'
import { WebSocket } from 'ws'
import { generateKeyPairSigner } from '@solana/kit'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { getStreamStats, STREAM_PATH } from '../../edge/ws/stream-route.js'
import { createTestUserService, createTestClock, registerTestUser } from '../helpers/user-service.js'
import { quietLogger, startStack, type Stack } from '../helpers/stack.js'
import { createStackTransfer, type StackTransfer } from '../helpers/stack-transfer.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { waitUntil } from '../helpers/wait-until.js'
import { createChargedCallers } from '../helpers/charged-callers.js'

type Frame = Record<string, unknown> & { id?: unknown; type?: unknown; subscription?: unknown; error?: { code?: unknown } }

interface Socket {
  socket: WebSocket
  frames: Frame[]
  send(message: object): void
  /** The first frame (from `from` on) that `match` accepts, waiting for it. */
  next(match: (frame: Frame) => boolean, what: string, from?: number): Promise<Frame>
}

async function startWatchEdge(t: Test, options: { maxWatches?: number; engineEnv?: Record<string, string> } = {}) {
  const stack = await startStack(t, { geyser: true, engineEnv: { ENGINE_WORKERS: '0', ...options.engineEnv } })
  await waitUntil(() => stack.engine.geyserState === 'connected', 5_000, 'the geyser stream')
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const { callers, charges } = createChargedCallers(users)
  const app = createEdgeServer({
    engine: createInProcessEngineClient(stack.engine),
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    now: users.clock.now,
    stream: { maxWatches: options.maxWatches ?? 8 },
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  let closed = false
  t.teardown(async () => {
    if (!closed) await app.close()
    await callers.close()
  })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const open = async (apiKey: string): Promise<Socket> => {
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}${STREAM_PATH}`, { headers: { 'x-api-key': apiKey } })
    t.teardown(() => socket.terminate())
    const frames: Frame[] = []
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return {
      socket,
      frames,
      send: (message) => socket.send(JSON.stringify(message)),
      async next(match, what, from = 0) {
        await waitUntil(() => frames.slice(from).some(match), 5_000, what)
        return frames.slice(from).find(match) as Frame
      },
    }
  }
  return {
    stack,
    app,
    charges,
    open,
    register: (label: string) => registerTestUser(app, label),
    async close() {
      closed = true
      await app.close()
    },
  }
}

/** Lands a transfer of all but the fee out of the payer's 2 SOL, and the blocks that confirm it. */
async function drainPayer(stack: Stack, transfer: StackTransfer): Promise<void> {
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const drain = await buildTransaction({
    feePayer: transfer.payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(transfer.payer.address, (await generateKeyPairSigner()).address, 2_000_000_000n - 5_000n)],
    signers: [transfer.payer],
  })
  if (stack.localnet.chain.send(drain).err !== null) throw new Error('the drain failed')
  stack.localnet.chain.advanceSlot()
  stack.localnet.chain.advanceSlot()
}

const isAnswer = (id: unknown) => (frame: Frame) => frame.id === id

t.test('watch, update on a drained payer, unsubscribe', async (t) => {
  const edge = await startWatchEdge(t)
  const user = await edge.register('watcher')
  const ws = await edge.open(user.apiKey)
  const transfer = await createStackTransfer(edge.stack)
  edge.charges.length = 0

  ws.send({ id: 1, transaction: toBase64(transfer.bytes), watch: true })
  const answer = await ws.next(isAnswer(1), 'the answer')
  t.equal(answer.success, true)
  t.match(answer.subscription, /^w_[0-9a-f]{24}$/, 'the answer carries the subscription')
  t.equal(edge.stack.engine.watches.stats.open, 1)
  t.equal(getStreamStats(edge.app)[0]?.watches, 1)

  // Nothing changes: nothing arrives.
  edge.stack.localnet.chain.advanceSlot()
  await new Promise((resolve) => setTimeout(resolve, 900))
  t.equal(ws.frames.length, 1, 'no frame but the answer while nothing changes')

  await drainPayer(edge.stack, transfer)
  const update = await ws.next((frame) => frame.type === 'simulation_update', 'the update')
  t.equal(update.subscription, answer.subscription)
  t.equal(update.success, false)
  t.equal(update.failure_code, 'insufficient_sol')
  t.equal(update.id, undefined, 'an update answers no message')
  t.same(edge.charges, [{ requests: 1, simulations: 1 }], 'the watch cost one simulate; its update nothing')

  const before = ws.frames.length
  ws.send({ id: 2, type: 'unsubscribe', subscription: answer.subscription })
  const done = await ws.next(isAnswer(2), 'the unsubscribe answer', before)
  t.same(done, { id: 2, type: 'unsubscribe', subscription: answer.subscription })
  t.same(
    ws.frames.slice(before),
    [{ type: 'watch_end', subscription: answer.subscription, reason: 'unsubscribed' }, done],
    'the end, then the answer',
  )
  t.equal(edge.stack.engine.watches.stats.open, 0, 'the engine no longer watches it')
  t.equal(getStreamStats(edge.app)[0]?.watches, 0)
  t.same(edge.charges, [{ requests: 1, simulations: 1 }], 'unsubscribe is not charged')

  ws.send({ id: 3, type: 'unsubscribe', subscription: answer.subscription })
  const again = await ws.next(isAnswer(3), 'the second unsubscribe')
  t.equal(again.error?.code, 'not_found', 'an ended watch cannot be unsubscribed twice')
})

t.test("closing the socket ends its watches; another user's subscription is not_found and gets nothing", async (t) => {
  const edge = await startWatchEdge(t)
  const owner = await edge.register('owner')
  const other = await edge.register('other')
  const mine = await edge.open(owner.apiKey)
  const theirs = await edge.open(other.apiKey)
  const transfer = await createStackTransfer(edge.stack)
  mine.send({ id: 'a', transaction: toBase64(transfer.bytes), watch: true })
  mine.send({ id: 'b', transaction: toBase64(transfer.bytes), watch: true })
  const subscription = (await mine.next(isAnswer('a'), 'the first answer')).subscription
  await mine.next(isAnswer('b'), 'the second answer')
  t.equal(edge.stack.engine.watches.stats.open, 2)

  theirs.send({ id: 1, type: 'unsubscribe', subscription })
  const refused = await theirs.next(isAnswer(1), 'the refusal')
  t.equal(refused.error?.code, 'not_found', "another user's subscription id is not found on this socket")
  t.equal(edge.stack.engine.watches.stats.open, 2, 'and the watch goes on')
  theirs.send({ id: 2, type: 'unsubscribe', subscription: 'not-a-subscription' })
  t.equal((await theirs.next(isAnswer(2), 'the validation error')).error?.code, 'validation_error')

  await drainPayer(edge.stack, transfer)
  await mine.next((frame) => frame.type === 'simulation_update', "the owner's update")
  t.equal(theirs.frames.filter((frame) => frame.type !== undefined).length, 0, 'the other socket hears nothing of it')

  mine.socket.close()
  await waitUntil(() => edge.stack.engine.watches.stats.open === 0, 2_000, 'the engine to stop watching')
  t.equal(edge.stack.engine.watches.stats.ended.unsubscribed, 2, 'both watches ended with the socket')
})

t.test('the per-socket and per-process limits refuse with watch_limit_exceeded', async (t) => {
  const edge = await startWatchEdge(t, { maxWatches: 2, engineEnv: { WATCH_MAX_SESSIONS: '3' } })
  const user = await edge.register('limited')
  const first = await edge.open(user.apiKey)
  const second = await edge.open(user.apiKey)
  const transfer = await createStackTransfer(edge.stack)
  const tx = toBase64(transfer.bytes)
  first.send({ id: 1, transaction: tx, watch: true })
  first.send({ id: 2, transaction: tx, watch: true })
  first.send({ id: 3, transaction: tx, watch: true })
  const socketRefusal = await first.next(isAnswer(3), 'the third answer')
  t.equal(socketRefusal.error?.code, 'watch_limit_exceeded', 'a socket holds at most STREAM_MAX_WATCHES')
  t.match(socketRefusal.error, { message: /at most 2/ })
  t.ok((await first.next(isAnswer(1), 'one')).subscription)
  t.ok((await first.next(isAnswer(2), 'two')).subscription)
  first.send({ id: 4, transaction: tx })
  t.equal((await first.next(isAnswer(4), 'a plain simulate')).success, true, 'a simulate without watch is not limited')

  second.send({ id: 1, transaction: tx, watch: true })
  second.send({ id: 2, transaction: tx, watch: true })
  t.ok((await second.next(isAnswer(1), 'the third watch of the process')).subscription)
  const processRefusal = await second.next(isAnswer(2), 'the fourth')
  t.equal(processRefusal.error?.code, 'watch_limit_exceeded', 'the process holds at most WATCH_MAX_SESSIONS')
  t.equal(edge.stack.engine.watches.stats.open, 3)

  const before = first.frames.length
  first.send({ id: 5, type: 'unsubscribe', subscription: (first.frames.find(isAnswer(1)) as Frame).subscription })
  await first.next(isAnswer(5), 'the unsubscribe', before)
  first.send({ id: 6, transaction: tx, watch: true })
  t.ok((await first.next(isAnswer(6), 'a watch again')).subscription, 'room again after an unsubscribe')
})

t.test('the edge shutting down ends each watch with watch_end shutting_down before the close', async (t) => {
  const edge = await startWatchEdge(t)
  const user = await edge.register('closing')
  const ws = await edge.open(user.apiKey)
  const transfer = await createStackTransfer(edge.stack)
  ws.send({ id: 1, transaction: toBase64(transfer.bytes), watch: true })
  const { subscription } = await ws.next(isAnswer(1), 'the answer')
  const closedWith = new Promise<number>((resolve) => ws.socket.once('close', (code) => resolve(code)))
  await edge.close()
  t.equal(await closedWith, 1001)
  t.same(ws.frames.at(-1), { type: 'watch_end', subscription, reason: 'shutting_down' })
  t.equal(edge.stack.engine.watches.stats.open, 0)
})
