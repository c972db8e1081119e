/**
 * A history journal that cannot write, seen from every door of the running service over real
 * sockets (REST, the WebSocket stream, the engine's gRPC port): each call that leaves a history
 * record is refused with 503 journal_unavailable and Retry-After — before anything is simulated or
 * sent while the outage is known, and before the answer leaves when the journal fails during the
 * call — while `/health` and `/api/v1/status` say `down`. Once the disk writes again every door
 * answers, and history holds exactly the calls that were answered. The failures are real: the
 * journal directory replaced by a file (ENOTDIR), and a segment that is /dev/full (ENOSPC).
 */
import { readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import WebSocket from 'ws'
import { generateKeyPairSigner } from '@solana/kit'
import { openHistoryJournal } from '../../callers/history-journal.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { toBase58 } from '../../lib/base58.js'
import { isServiceError } from '../../lib/errors.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { buildTransfer } from '../helpers/localnet-transactions.js'
import { startRunningService } from '../helpers/running-service.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { waitUntil } from '../helpers/wait-until.js'

t.setTimeout(240_000)

interface Answer {
  status: number
  headers: Headers
  body: any // eslint-disable-line @typescript-eslint/no-explicit-any -- each assertion checks the shape it reads
}

const dir = join(t.testdir({}), 'journal')
// Every append opens a new segment (where a full disk can wait: fillNextSegment); probes and
// segment checks are quick, so the test waits for states, not durations.
const journal = openHistoryJournal({ dir, segmentMaxBytes: 1, probeDelayMs: { min: 1, max: 5 }, checkIntervalMs: 5 })
const service = await startRunningService(t, Date.now(), { journal })
const health = () => service.callers.getJournalHealth()

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
  const response = await fetch(`${service.restUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) }
}

const assertRefused = (t: Test, answer: Answer, label: string) => {
  t.equal(answer.status, 503, `${label}: 503`, { body: answer.body })
  t.equal(answer.body?.error?.code, 'journal_unavailable', `${label}: journal_unavailable`)
  t.match(answer.headers.get('retry-after'), /^[1-9]\d*$/, `${label}: Retry-After`)
}

// A caller with a card: the frozen clock never refills a bucket, and the card plan's burst is 250.
const email = `journal-${process.pid}-${Date.now()}@example.com`
const registered = await call('POST', '/auth/register', { email, password: 'correct horse battery staple' })
const bearer = { authorization: `Bearer ${registered.body.token as string}` }
const apiKey = (await call('POST', '/api/v1/api-keys', { name: 'journal' }, bearer)).body.key as string
const me = await call('GET', '/auth/me', undefined, bearer)
await service.users.userService.setCardOnFile(me.body.id as string, true)
const key = { 'x-api-key': apiKey }
/** The clock is frozen: three seconds fill the card plan's bucket (100 a second, burst 250) again. */
const refill = () => (service.clock.nowMs += 3_000)

const { value } = await service.stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
const unsignedBytes = await buildTransaction({
  feePayer: DEMO_WALLETS[0],
  blockhash: value.blockhash,
  instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
})
const unsigned = toBase64(unsignedBytes)
const payer = await generateKeyPairSigner()
const recipient = await generateKeyPairSigner()
await service.stack.rpc('requestAirdrop', [payer.address, 1_000_000_000])
const signedTransfer = async (lamports: bigint) => {
  const bytes = await buildTransfer({ from: payer, to: recipient.address, lamports, blockhash: value.blockhash })
  return { bytes, base64: toBase64(bytes), signature: toBase58(bytes.subarray(1, 65)) }
}

const socket = new WebSocket(`${service.wsUrl}/api/v1/solana/stream`, { headers: key })
await new Promise<void>((resolve, reject) => {
  socket.once('open', () => resolve())
  socket.once('error', reject)
})
t.teardown(() => socket.terminate())
let messageId = 0
interface Frame {
  id: number
  success?: boolean
  error?: { code: string; retry_after?: number }
}
const sendMessage = (message: Record<string, unknown>): Promise<Frame> => {
  const id = ++messageId
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const answer = JSON.parse(String(data)) as Frame
      if (answer.id !== id) return
      socket.off('message', onMessage)
      resolve(answer)
    }
    socket.on('message', onMessage)
    socket.send(JSON.stringify({ id, ...message }))
  })
}

const grpc = createGrpcEngineClient(service.grpcAddress, { apiKey })
t.teardown(() => grpc.close())
const grpcError = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )

/** Calls answered 200 (or an answered WebSocket or gRPC call): each must be in history, once. */
let answered = 0
const simulateOverRest = async (label: string) => {
  const answer = await call('POST', '/api/v1/solana/tx/simulate', { transaction: unsigned }, key)
  t.equal(answer.status, 200, label, { body: answer.body })
  answered++
}

/** The segment the journal opens next becomes a full disk: every write(2) to it fails with ENOSPC. */
const fillNextSegment = () => {
  const numbers = readdirSync(dir)
    .map((name) => /^segment-(\d{12})\.jsonl$/.exec(name)?.[1])
    .filter((number) => number !== undefined)
    .map(Number)
  const path = join(dir, `segment-${String(Math.max(0, ...numbers) + 1).padStart(12, '0')}.jsonl`)
  symlinkSync('/dev/full', path)
  return async () => {
    rmSync(path)
    await waitUntil(() => health()?.writable === true, 10_000, 'the journal writes again')
  }
}

t.test('while the journal is known not to write, every door refuses before any work', async (t) => {
  refill()
  await simulateOverRest('a simulate before the outage is answered')
  renameSync(dir, `${dir}.away`)
  writeFileSync(dir, 'not a directory')
  await waitUntil(() => health()?.writable === false, 10_000, 'the outage is noticed')

  assertRefused(t, await call('POST', '/api/v1/solana/tx/simulate', { transaction: unsigned }, key), 'simulate')
  assertRefused(t, await call('POST', '/api/v1/solana/tx/simulate-batch', { transactions: [unsigned, unsigned] }, key), 'batch')
  const unsent = await signedTransfer(1_000n)
  assertRefused(t, await call('POST', '/api/v1/solana/tx/execute', { transaction: unsent.base64 }, key), 'execute')
  assertRefused(t, await call('POST', '/api/v1/solana/tx/send', { transaction: unsent.base64 }, key), 'send')
  assertRefused(t, await call('POST', '/api/v1/solana/tx/submit', { transaction: unsent.base64, strategy: 'direct' }, key), 'submit')
  const tracking = await call('GET', `/api/v1/solana/transactions/${unsent.signature}`, undefined, key)
  t.equal(tracking.status, 404, 'nothing was sent, so nothing is tracked')

  for (const message of [{ transaction: unsigned }, { type: 'send', transaction: unsent.base64 }]) {
    const frame = await sendMessage(message)
    t.equal(frame.error?.code, 'journal_unavailable', `WebSocket ${message.type ?? 'simulate'}: an error frame`, { frame })
    t.ok((frame.error?.retry_after ?? 0) >= 1, 'with retry_after')
  }
  for (const [label, attempt] of [
    ['Simulate', () => grpc.simulate(unsignedBytes, {})],
    ['Send', () => grpc.send(unsent.bytes, {})],
  ] as const) {
    const error = await grpcError(attempt())
    t.ok(isServiceError(error, 'journal_unavailable'), `gRPC ${label}: UNAVAILABLE with journal_unavailable`, { error })
    t.match(isServiceError(error) ? error.headers?.['retry-after'] : undefined, /^[1-9]\d*$/, `gRPC ${label}: retry-after`)
  }

  const shown = await call('GET', '/health')
  t.equal(shown.status, 200, '/health is still 200: the process is alive')
  t.equal(shown.body.state, 'down')
  t.match(shown.body.details.journal, { writable: false, error: /^(ENOTDIR|ESTALE)$/, failing_since: String })
  t.ok(shown.body.details.journal.refused_calls >= 9, `${shown.body.details.journal.refused_calls} refused calls counted`)
  service.clock.nowMs += 10_000 // past the status cache (and a full bucket again)
  t.equal((await call('GET', '/api/v1/status')).body.status, 'down')
  t.equal((await call('GET', '/api/v1/solana/simulations', undefined, key)).status, 200, 'reading history still works')

  rmSync(dir)
  renameSync(`${dir}.away`, dir)
  await waitUntil(() => health()?.writable === true, 10_000, 'the journal writes again once its directory is back')
  await simulateOverRest('simulate is answered again')
  t.equal((await sendMessage({ transaction: unsigned })).success, true, 'so is a WebSocket simulate')
  answered++
  t.equal((await grpc.simulate(unsignedBytes, {})).success, true, 'and a gRPC Simulate')
  answered++
  const healthy = await call('GET', '/health')
  t.equal(healthy.body.state, 'operational')
  t.match(healthy.body.details.journal, { writable: true, error: null, failing_since: null, refused_calls: 0 })
})

t.test('a journal that fails during the call refuses it before the answer leaves', async (t) => {
  refill()
  let restore = fillNextSegment()
  assertRefused(t, await call('POST', '/api/v1/solana/tx/simulate', { transaction: unsigned }, key), 'REST simulate')
  t.equal(health()?.errorCode, 'ENOSPC')
  await restore()

  restore = fillNextSegment()
  const error = await grpcError(grpc.simulate(unsignedBytes, {}))
  t.ok(isServiceError(error, 'journal_unavailable'), 'gRPC Simulate: the call is answered with the refusal', { error })
  await restore()

  // The send went out before its record failed: the same signed bytes posted again are not sent
  // again, and are answered — and recorded — once the journal writes.
  const sent = await signedTransfer(2_000n)
  restore = fillNextSegment()
  assertRefused(t, await call('POST', '/api/v1/solana/tx/send', { transaction: sent.base64 }, key), 'REST send')
  await restore()
  const again = await call('POST', '/api/v1/solana/tx/send', { transaction: sent.base64 }, key)
  t.equal(again.status, 200, 'the same bytes again are answered', { body: again.body })
  t.equal(again.body.signature, sent.signature)
  answered++
})

t.test('history holds exactly the calls that were answered', async (t) => {
  await service.callers.history.flush()
  const history = await call('GET', '/api/v1/solana/simulations?limit=200', undefined, key)
  t.equal(history.body.simulations.length, answered, `${answered} answered calls, as many records: none refused is recorded`)
  t.equal(history.body.simulations.filter((record: { kind: string }) => record.kind === 'send').length, 1, 'the send once')
})
