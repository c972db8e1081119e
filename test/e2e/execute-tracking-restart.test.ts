/**
 * Execute as a user runs it, through the real service process (`main.ts`, embedded database),
 * against a chain that outlives it (a localnet in this test's process, its JSON-RPC and geyser
 * stream configured as a mainnet node's would be): with the chain dropping every send, an execute
 * is answered `submitted` / `pending`, the service is killed with SIGKILL mid-flight, and after a
 * restart on the same DATA_DIR the tracking is picked up again and resolved — the transaction
 * lands, the balance moves, the outcome matches its prediction, history lists the execute. The
 * same signed transaction posted again answers the first call's tracking and sends nothing.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { readConfig } from '../../lib/config.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet } from '../../localnet/localnet.js'
import { quietLogger } from '../helpers/stack.js'
import { buildTransaction, transferSol } from '../helpers/transactions.js'
import { createServiceProcessSetup, postJson, startServiceProcess, waitForExit } from '../helpers/service-process.js'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'

const RESOLVE_LIMIT_MS = 30_000

// Two service starts (the second after kill -9) on embedded defaults: 32–33 s in a full CI run,
// over half of tap's 60 s for a file. Not a speed bound.
t.setTimeout(150_000)

t.test('kill -9 mid-flight: the restarted service resolves the tracking, and a repeat sends nothing', async (t) => {
  const localnet = await createLocalnet(
    readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0', LOCALNET_GEYSER_PORT: '0', LOCALNET_RELAY_PORT: '0' }),
    quietLogger,
    {
      autoAdvance: true,
    },
  )
  t.teardown(() => localnet.close())
  const setup = await createServiceProcessSetup(t, {
    SOLANA_RPC_URLS: localnet.rpcUrl,
    GEYSER_ENDPOINT: localnet.geyserUrl,
    SEND_REBROADCAST_MS: '200',
    TRACKING_LEASE_MS: '2000',
    RATE_LIMITS: 'off',
  })
  const first = await startServiceProcess(t, setup)
  if (!first) return

  const email = `tracker-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const registered = await postJson(`${setup.restUrl}/auth/register`, { email, password: 'correct horse battery staple' })
  const { token } = (await registered.json()) as { token: string }
  const created = await postJson(`${setup.restUrl}/api/v1/api-keys`, { name: 'tracker' }, { authorization: `Bearer ${token}` })
  const { key } = (await created.json()) as { key: string }

  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  localnet.chain.airdrop(payer.address, 2_000_000_000n)
  const transaction = Buffer.from(
    await buildTransaction({
      feePayer: payer.address,
      blockhash: localnet.chain.getLatestBlockhash().blockhash,
      instructions: [transferSol(payer.address, recipient.address, 123_000_000n)],
      signers: [payer],
    }),
  ).toString('base64')

  localnet.sends.setDropRate(1)
  const executed = await postJson(`${setup.restUrl}/api/v1/solana/tx/execute`, { transaction }, { 'x-api-key': key })
  t.equal(executed.status, 200)
  const answer = (await executed.json()) as { action: string; signature: string; confirmation: string }
  t.equal(answer.action, 'submitted')
  t.equal(answer.confirmation, 'pending', 'the chain dropped it')

  process.kill(-(first.child.pid as number), 'SIGKILL')
  t.ok(await waitForExit(first.child, 10_000), 'killed')
  localnet.sends.setDropRate(0)
  t.equal(localnet.chain.getAccount(recipient.address)?.lamports ?? 0n, 0n, 'nothing landed before the restart')

  const second = await startServiceProcess(t, setup)
  if (!second) return
  const read = async (): Promise<TrackedTransaction> => {
    const response = await fetch(`${setup.restUrl}/api/v1/solana/transactions/${answer.signature}`, { headers: { 'x-api-key': key } })
    if (response.status !== 200) throw new Error(`tracking read: ${response.status} ${await response.text()}`)
    return (await response.json()) as TrackedTransaction
  }
  let tracked = await read()
  const started = Date.now()
  const settled = (entry: TrackedTransaction) => (entry.status === 'confirmed' || entry.status === 'finalized') && entry.outcome !== null
  while (!settled(tracked) && Date.now() - started < RESOLVE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    tracked = await read()
  }
  t.ok(['confirmed', 'finalized'].includes(tracked.status), `resolved after the restart: ${tracked.status}`)
  t.equal(localnet.chain.getAccount(recipient.address)?.lamports, 123_000_000n, 'it landed')
  t.equal(tracked.outcome?.matched, true, JSON.stringify(tracked.outcome))
  t.ok(tracked.attempts >= 2, `sent before and after the restart (${tracked.attempts})`)

  // The same signed transaction again: the first call's tracking, nothing sent.
  const receivedBefore = localnet.sends.getCounts().received
  const again = await postJson(`${setup.restUrl}/api/v1/solana/tx/send`, { transaction }, { 'x-api-key': key })
  t.equal(again.status, 200)
  const repeat = (await again.json()) as { signature: string; confirmation: string; attempts: number }
  t.equal(repeat.signature, answer.signature)
  t.equal(repeat.attempts, tracked.attempts, "the first call's attempts")
  t.equal(localnet.sends.getCounts().received, receivedBefore, 'nothing sent again')

  // Another user cannot read it.
  const other = await postJson(`${setup.restUrl}/auth/register`, {
    email: `other-${process.pid}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery staple',
  })
  const { token: otherToken } = (await other.json()) as { token: string }
  const foreign = await fetch(`${setup.restUrl}/api/v1/solana/transactions/${answer.signature}`, {
    headers: { authorization: `Bearer ${otherToken}` },
  })
  t.equal(foreign.status, 404)

  // History lists the execute with where it stands.
  const history = (await (
    await fetch(`${setup.restUrl}/api/v1/solana/simulations?limit=10`, { headers: { 'x-api-key': key } })
  ).json()) as {
    simulations: Array<{ kind: string; signature: string; transaction: { status: string; matched: boolean | null } | null }>
  }
  const listed = history.simulations.find((item) => item.kind === 'execute' && item.signature === answer.signature)
  t.ok(listed, 'the execute is in history')
  t.equal(listed?.transaction?.matched, true)

  process.kill(second.child.pid as number, 'SIGTERM')
  t.ok(await waitForExit(second.child, 15_000), 'SIGTERM drains and exits')
})
