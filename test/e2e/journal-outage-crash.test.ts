/**
 * What was acknowledged survives `kill -9` across a journal outage, on the real service (one
 * process, embedded defaults): its journal directory is replaced by a file while simulations run,
 * calls are refused with 503 journal_unavailable until it is put back, then the process is killed
 * with SIGKILL and started again on the same DATA_DIR. Every simulation answered 200 — before the
 * outage, while it was being noticed, after it — is in history exactly once, and no refused one is.
 */
import { randomBytes } from 'node:crypto'
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { toBase58 } from '../../lib/base58.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createServiceProcessSetup, postJson, startServiceProcess, waitForExit } from '../helpers/service-process.js'
import { buildTransaction, transferSol } from '../helpers/transactions.js'

// Two service starts (the second after kill -9) on embedded defaults: 32–33 s in a full CI run,
// over half of tap's 60 s for a file. Not a speed bound.
t.setTimeout(150_000)

const EXIT_LIMIT_MS = 10_000
const OUTAGE_LIMIT_MS = 30_000
const CALLS_EACH_SIDE = 30

t.test('kill -9 after a journal outage loses no acknowledged simulation and records no refused one', async (t) => {
  const setup = await createServiceProcessSetup(t, { RATE_LIMITS: 'off' })
  const first = await startServiceProcess(t, setup)
  if (!first) return
  const journalDir = join(setup.dataDir, 'journal', 'history')

  const email = `journal-crash-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const { token } = (await (
    await postJson(`${setup.restUrl}/auth/register`, { email, password: 'correct horse battery staple' })
  ).json()) as {
    token: string
  }
  const created = await postJson(`${setup.restUrl}/api/v1/api-keys`, { name: 'journal' }, { authorization: `Bearer ${token}` })
  const apiKey = ((await created.json()) as { key: string }).key

  const rpc = await postJson(`http://127.0.0.1:${setup.ports.rpc}`, { jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] })
  const { blockhash } = ((await rpc.json()) as { result: { value: { blockhash: string } } }).result.value
  const unsigned = await buildTransaction({
    feePayer: DEMO_WALLETS[0],
    blockhash,
    instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
  })

  const acknowledged: string[] = []
  const refused: string[] = []
  /** Answers other than 200, or a refusal without its code and Retry-After. */
  const unexpected: unknown[] = []
  /** One simulate with a fresh first signature (simulate does not verify it; history records it): its status. */
  const simulate = async (): Promise<number> => {
    const bytes = Uint8Array.from(unsigned)
    const signature = randomBytes(64)
    bytes.set(signature, 1)
    const response = await postJson(
      `${setup.restUrl}/api/v1/solana/tx/simulate`,
      { transaction: Buffer.from(bytes).toString('base64') },
      { 'x-api-key': apiKey },
    )
    const body = (await response.json()) as { error?: { code: string } }
    const retryAfter = response.headers.get('retry-after')
    if (response.status === 200) acknowledged.push(toBase58(signature))
    else if (response.status === 503 && body.error?.code === 'journal_unavailable' && /^[1-9]\d*$/.test(retryAfter ?? '')) {
      refused.push(toBase58(signature))
    } else unexpected.push({ status: response.status, body, retryAfter })
    return response.status
  }
  /** Simulates until one is answered `status`, within OUTAGE_LIMIT_MS. */
  const simulateUntil = async (status: number, what: string) => {
    const deadline = Date.now() + OUTAGE_LIMIT_MS
    while ((await simulate()) !== status) {
      if (Date.now() > deadline) throw new Error(`${what} not seen within ${OUTAGE_LIMIT_MS} ms`)
    }
  }
  const simulateTimes = async (count: number): Promise<number[]> => {
    const statuses: number[] = []
    for (let index = 0; index < count; index++) statuses.push(await simulate())
    return statuses
  }

  t.same(await simulateTimes(CALLS_EACH_SIDE), Array(CALLS_EACH_SIDE).fill(200), 'answered before the outage')
  // The directory is moved under the open segment and a file takes its place.
  renameSync(journalDir, `${journalDir}.away`)
  writeFileSync(journalDir, 'not a directory')
  await simulateUntil(503, 'a refusal')
  t.same(await simulateTimes(5), Array(5).fill(503), 'refused with journal_unavailable while the journal cannot write')
  const health = (await (await fetch(`${setup.restUrl}/health`)).json()) as { state: string; details: { journal: { writable: boolean } } }
  t.match(health, { state: 'down', details: { journal: { writable: false } } }, '/health says so')

  rmSync(journalDir)
  renameSync(`${journalDir}.away`, journalDir)
  await simulateUntil(200, 'an answer once the directory is back')
  t.same(await simulateTimes(CALLS_EACH_SIDE), Array(CALLS_EACH_SIDE).fill(200), 'answered after the outage')
  t.same(unexpected, [], 'every refusal is 503 journal_unavailable with Retry-After')

  // At once: the last records are still queued for the database, only the journal holds them.
  process.kill(first.child.pid as number, 'SIGKILL')
  t.same(await waitForExit(first.child, EXIT_LIMIT_MS), { code: null, signal: 'SIGKILL' }, 'killed')
  t.match(first.output(), /history journal cannot write/, 'the outage was logged')
  t.match(first.output(), /history journal writes again/, 'and its end')
  t.ok(refused.length >= 6, `${refused.length} calls refused, ${acknowledged.length} acknowledged`)

  const second = await startServiceProcess(t, setup)
  if (!second) return
  const recorded: string[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor === null ? 'limit=200' : `limit=200&cursor=${encodeURIComponent(cursor)}`
    const response = await fetch(`${setup.restUrl}/api/v1/solana/simulations?${query}`, { headers: { 'x-api-key': apiKey } })
    const page = (await response.json()) as { simulations: { signature: string | null }[]; next_cursor: string | null }
    for (const item of page.simulations) if (item.signature) recorded.push(item.signature)
    cursor = page.next_cursor
  } while (cursor !== null)
  const recordedSet = new Set(recorded)
  t.same(
    acknowledged.filter((signature) => !recordedSet.has(signature)),
    [],
    'every acknowledged simulation is in history',
  )
  t.equal(recordedSet.size, recorded.length, 'none twice')
  t.same(
    refused.filter((signature) => recordedSet.has(signature)),
    [],
    'no refused one is (nor billed)',
  )
  t.equal(recorded.length, acknowledged.length)

  process.kill(second.child.pid as number, 'SIGTERM')
  t.same(await waitForExit(second.child, EXIT_LIMIT_MS), { code: 0, signal: null }, 'SIGTERM drains and exits 0')
})
