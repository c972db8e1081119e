/**
 * The SDK's WebSocket stream against the real service process: simulate in JSON and in
 * MessagePack (through ws, and through the platform's WHATWG WebSocket as in browsers), an execute whose landing arrives as a transaction push, a watched simulation whose
 * payer is drained by a real transaction (a simulation_update, then unsubscribe and watch_end), a
 * bearer-token stream, back-pressure (maxInFlight), a refused bearer token refreshed on the handshake, and a reconnect after the connection is dropped under it (a TCP proxy in
 * front of the service cuts every connection): the in-flight simulate is resent and answered, the
 * watch ends with connection_lost. One service process serves every subtest.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { WebSocket } from 'ws'
import { PreflightClient, type StreamOptions, type TransactionPush } from '../../../sdk/typescript/src/index.js'
import { createServiceProcessSetup, startServiceProcess } from '../../helpers/service-process.js'
import { createSdkWallet } from '../../helpers/sdk-wallet.js'
import { startTcpProxy } from '../../helpers/tcp-proxy.js'
import { waitUntil } from '../../helpers/wait-until.js'

t.test('the stream against the running service', async (t) => {
  // This file is about the stream, not the rate limits (client-service.test.ts has those): its calls
  // come back to back, and on a fast machine the free tier's 10 a second refused some of them.
  const setup = await createServiceProcessSetup(t, { RATE_LIMITS: 'off' })
  const running = await startServiceProcess(t, setup)
  if (!running) return
  const rpcUrl = `http://127.0.0.1:${setup.ports.rpc}`
  const account = new PreflightClient({ baseUrl: setup.restUrl })
  await account.auth.register(`sdk-stream-${process.pid}-${randomBytes(3).toString('hex')}@example.com`, 'correct horse battery staple')
  const { key } = await account.apiKeys.create({ name: 'stream' })
  const client = new PreflightClient({ baseUrl: setup.restUrl, apiKey: key })
  const wallet = await createSdkWallet(rpcUrl)

  t.test('simulate and tips in JSON and MessagePack; a bearer token on the handshake', async (t) => {
    for (const encoding of ['json', 'msgpack'] as const) {
      const stream = client.stream({ encoding })
      t.teardown(() => stream.close())
      const [first, second] = await Promise.all([
        stream.simulate(await wallet.transfer(1_000_000n)),
        stream.simulate(await wallet.transfer(2_000_000n)),
      ])
      t.match(first, { success: true, decision: 'approve' }, `${encoding}: answered`)
      t.match(second, { success: true }, `${encoding}: two in flight, each matched by id`)
      t.match(await stream.tips(), { slots: 150 }, `${encoding}: tips`)
    }
    const byToken = account.stream()
    t.teardown(() => byToken.close())
    t.match(await byToken.simulate(await wallet.transfer(1_000_000n)), { success: true }, 'the bearer token authenticates the handshake')
    const refused = new PreflightClient({ baseUrl: setup.restUrl, apiKey: 'pf_live_nope' }).stream()
    await t.rejects(refused.connect(), { code: 'unauthorized', status: 401 }, 'a refused handshake is unauthorized')
  })

  t.test('a platform WebSocket (the WHATWG one browsers and Node 22 have): the API key in ?api_key=', async (t) => {
    const { WebSocket: PlatformWebSocket } = await import('undici')
    const global = globalThis as { WebSocket?: unknown }
    const before = global.WebSocket
    global.WebSocket = PlatformWebSocket
    t.teardown(() => {
      global.WebSocket = before
    })
    const stream = client.stream()
    t.teardown(() => stream.close())
    t.match(await stream.simulate(await wallet.transfer(1_000_000n)), { success: true, decision: 'approve' })
    const binary = client.stream({ encoding: 'msgpack' })
    t.teardown(() => binary.close())
    t.match(await binary.tips(), { slots: 150 }, 'binary frames as ArrayBuffers')
  })

  t.test("a browser's WebSocket signed in with a password: the access token in ?access_token=", async (t) => {
    const { WebSocket: PlatformWebSocket } = await import('undici')
    const global = globalThis as { WebSocket?: unknown; document?: unknown }
    const before = { WebSocket: global.WebSocket, document: global.document }
    // A document says "a browser" to the SDK, which then never reaches for `ws` to send a header.
    Object.assign(global, { WebSocket: PlatformWebSocket, document: {} })
    t.teardown(() => Object.assign(global, before))
    const opened: InstanceType<typeof PlatformWebSocket>[] = []
    class RecordingWebSocket extends PlatformWebSocket {
      constructor(url: string) {
        super(url)
        opened.push(this)
      }
    }
    global.WebSocket = RecordingWebSocket
    const stream = account.stream()
    t.teardown(() => stream.close())
    t.match(await stream.simulate(await wallet.transfer(1_000_000n)), { success: true }, 'served on the bearer token')
    t.match(opened[0]?.url, /[?&]access_token=ey[\w-]+\.[\w-]+\.[\w-]+$/, 'the token went in the query')
    const forged = new PreflightClient({ baseUrl: setup.restUrl, token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged' }).stream({
      reconnect: false,
    })
    await t.rejects(forged.connect(), { code: 'unauthorized' }, 'a forged token is refused at the handshake')

    // Closed while its handshake runs: the socket that then opens is closed, not left serving nobody.
    // connect() yields before it creates its socket (the frame codec is loaded first), so close()
    // here always comes while the handshake is ahead: the socket is made, and opens, after it.
    const early = account.stream()
    const connecting = early.connect()
    await early.close()
    await t.rejects(connecting, { code: 'connection_lost' })
    await waitUntil(() => opened.length === 3, 5_000, 'its socket was made after close()')
    const socket = opened[2] as InstanceType<typeof PlatformWebSocket>
    await waitUntil(() => socket.readyState === PlatformWebSocket.CLOSED, 5_000, 'the socket that opened after close() is closed')
    t.pass('no socket is left open')
  })

  t.test('an execute over the stream, and its landing pushed', async (t) => {
    const stream = client.stream()
    t.teardown(() => stream.close())
    const pushes: TransactionPush[] = []
    stream.on('transaction', (push) => pushes.push(push))
    const executed = await stream.execute(await wallet.transfer(1_000_000n, { signed: true }))
    t.match(executed, { type: 'execute', action: 'submitted', signature: /\w+/ })
    const mine = (push: TransactionPush) => push.signature === executed.signature
    // The landing and the outcome (reality against the prediction) may arrive in separate pushes.
    await waitUntil(() => pushes.some((push) => mine(push) && push.outcome !== null), 20_000, 'the outcome push')
    await waitUntil(() => pushes.some((push) => mine(push) && /^(confirmed|finalized)$/.test(push.status)), 20_000, 'the landing push')
    t.match(
      pushes.find((push) => mine(push) && push.outcome !== null),
      { type: 'transaction', outcome: { matched: true, differences: [] } },
    )
  })

  t.test('watch: an update when the payer is drained, then unsubscribe', async (t) => {
    const watcher = await createSdkWallet(rpcUrl)
    const stream = client.stream()
    t.teardown(() => stream.close())
    const watch = await stream.watch(await watcher.transfer(1_000_000n))
    t.match(watch.subscription, /^w_[0-9a-f]{24}$/)
    t.match(watch.first, { success: true, decision: 'approve' })
    // Leaves the payer 1,000,000 lamports less the fee: too little for the watched transfer and rent.
    await client.send(await watcher.transfer(1_999_000_000n, { signed: true }), { wait_confirmation: true })
    const updates = watch[Symbol.asyncIterator]()
    const update = await updates.next()
    t.match(update.value, { type: 'simulation_update', subscription: watch.subscription, success: false, failure_code: 'insufficient_sol' })
    await watch.unsubscribe()
    t.equal(await watch.ended, 'unsubscribed')
    t.same(await updates.next(), { value: undefined, done: true }, 'the iterator ends with the watch')
  })

  t.test('back-pressure: no more than maxInFlight messages await answers', async (t) => {
    let outstanding = 0
    let mostOutstanding = 0
    /** ws's WebSocket, counting messages written and answers (frames with an id: error frames too) read. */
    class CountingWebSocket extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args)
        this.on('message', (data: Buffer) => {
          if ((JSON.parse(data.toString()) as { id?: unknown }).id != null) outstanding--
        })
      }
      override send(data: string | Uint8Array): void {
        outstanding++
        mostOutstanding = Math.max(mostOutstanding, outstanding)
        super.send(data)
      }
    }
    const stream = client.stream({ maxInFlight: 3, WebSocket: CountingWebSocket as unknown as StreamOptions['WebSocket'] })
    t.teardown(() => stream.close())
    const transactions = await Promise.all(Array.from({ length: 12 }, (_, i) => wallet.transfer(1_000_000n + BigInt(i))))
    const answers = await Promise.all(transactions.map((transaction) => stream.simulate(transaction)))
    t.equal(answers.filter((answer) => answer.success).length, 12, 'every message answered')
    t.ok(mostOutstanding <= 3, `at most 3 awaited answers at once (${mostOutstanding})`)
    t.ok(mostOutstanding >= 2, 'and more than one: they overlap')
  })

  t.test('re-authentication, and reconnect after the connection is dropped', async (t) => {
    const proxy = await startTcpProxy(t, { host: '127.0.0.1', port: setup.ports.rest })
    // A bearer client whose access token the service refuses: the handshake's 401 sends it to refresh, then in.
    const { refresh_token: refreshToken } = await account.auth.refresh()
    const proxied = new PreflightClient({ baseUrl: proxy.url, token: 'expired', refreshToken })
    const stream = proxied.stream()
    t.teardown(() => stream.close())
    const events: string[] = []
    stream.on('close', ({ willReconnect }) => events.push(`close ${willReconnect}`))
    stream.on('reconnect', () => events.push('reconnect'))
    const watch = await stream.watch(await wallet.transfer(1_000_000n))

    const transaction = await wallet.transfer(1_000_000n)
    await proxy.cut()
    const inFlight = stream.simulate(transaction)
    t.equal(await watch.ended, 'connection_lost', 'the watch ended with its socket')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await proxy.restore()
    t.match(await inFlight, { success: true }, 'the simulate sent while the socket was down is answered after the reconnect')
    t.same(events, ['close true', 'reconnect'])
    t.match(await stream.simulate(transaction), { success: true }, 'the stream serves on')
  })
})
