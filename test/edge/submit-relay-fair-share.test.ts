/**
 * The relay's rate limit is one budget for every user (2 calls a second here, 1 at Jito's
 * default), so a user flooding it must not starve another. Over REST on real sockets, the real
 * edge, engine and localnet relay: mallory keeps ten managed-tip submits in flight the whole time,
 * alice submits five one after the other with a 4 s deadline — which, behind mallory's ten in one
 * first-come-first-served line (5.5 s at this pace), she could not make. Served in turn, every one
 * of alice's is sent; mallory is told relay_busy past her own few waiting calls; the relay never
 * has to answer 429.
 */
import t from 'tap'
import { toBase64 } from '../helpers/transactions.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { startStack, type Stack } from '../helpers/stack.js'
import { createStackTransfer } from '../helpers/stack-transfer.js'
import { registerTestUser } from '../helpers/user-service.js'

const SOL = 1_000_000_000n
const FLOOD = 10
const VICTIM_SUBMITS = 5

/** A fresh wallet's signed 0.01 SOL transfer, base64. */
async function signedTransfer(stack: Stack): Promise<string> {
  return toBase64((await createStackTransfer(stack, { lamports: SOL / 100n })).bytes)
}

t.test("a user flooding the relay cannot starve another user's submits", { timeout: 120_000 }, async (t) => {
  const stack = await startStack(t, { autoAdvance: true, relay: { rateLimit: 2 } })
  const { app, users } = await createTestEdgeWithUser(t, stack)
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const withCard = async (label: string) => {
    const user = await registerTestUser(app, label)
    const me = await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${user.token}` } })
    await users.userService.setCardOnFile((me.json() as { id: string }).id, true)
    return user
  }
  const mallory = await withCard('mallory')
  const alice = await withCard('alice')
  const submit = async (apiKey: string, body: Record<string, unknown>) => {
    const response = await fetch(`${base}/api/v1/solana/tx/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ strategy: 'managed_tip_bundle', ...body }),
    })
    return { status: response.status, body: (await response.json()) as { bundle_id?: string; error?: { code: string; message: string } } }
  }
  await stack.engine.getTips() // the tip accounts are read (one relay call) before the flood

  let flooding = true
  const malloryRefusals: string[] = []
  let mallorySent = 0
  const flood = Array.from({ length: FLOOD }, async () => {
    while (flooding) {
      const answer = await submit(mallory.apiKey, { transaction: await signedTransfer(stack) })
      if (answer.status === 200) mallorySent++
      else {
        malloryRefusals.push(`${answer.body.error?.code}: ${answer.body.error?.message}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  })
  // Let mallory's line fill first.
  await new Promise((resolve) => setTimeout(resolve, 1_500))

  const aliceAnswers = []
  for (let i = 0; i < VICTIM_SUBMITS; i++) {
    aliceAnswers.push(await submit(alice.apiKey, { transaction: await signedTransfer(stack), deadline_ms: 4_000 }))
  }
  flooding = false
  await Promise.all(flood)

  for (const [i, answer] of aliceAnswers.entries()) {
    t.equal(answer.status, 200, `alice's submit ${i + 1} was sent: ${JSON.stringify(answer.body.error ?? answer.body.bundle_id)}`)
  }
  t.ok(mallorySent >= VICTIM_SUBMITS, `mallory got her turns too (${mallorySent} sent)`)
  t.ok(
    malloryRefusals.some((refusal) => /^relay_busy: .*already have \d+ call\(s\) waiting/.test(refusal)),
    'mallory was refused past her own waiting calls',
  )
  t.ok(
    malloryRefusals.every((refusal) => refusal.startsWith('relay_busy')),
    `every refusal of mallory's is relay_busy (${malloryRefusals.find((refusal) => !refusal.startsWith('relay_busy'))})`,
  )
  t.equal(stack.localnet.relay.getCounts().rateLimited, 0, 'the relay never had to answer 429')
})
