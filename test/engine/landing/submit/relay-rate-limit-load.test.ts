// 50 users' concurrent managed-tip submits against a relay that allows 1 call a second (localnet's, which
// answers 429 past it as a block engine does): the engine's queue never makes the relay refuse a
// call, and every submit resolves — sent and landed, or refused at once with relay_busy and a
// Retry-After when its blockhash would run out first. Slow by nature (about a minute): the pace is
// the point.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { generateKeyPairSigner } from '@solana/kit'
import { isServiceError } from '../../../../lib/errors.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

// Paced by the relay's 1 request a second: about 47 s on a busy 2-core machine, close to tap's
// default 60 s per file. Not a speed bound.
t.setTimeout(180_000)

const SOL = 1_000_000_000n
const SUBMITS = 50

t.test("50 users' concurrent submits under a 1/s relay limit", { timeout: 180_000 }, async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 1 } })
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transactions = await Promise.all(
    Array.from({ length: SUBMITS }, async () => {
      const payer = await generateKeyPairSigner()
      stack.localnet.chain.airdrop(payer.address, SOL)
      const receiver = await generateKeyPairSigner()
      return buildTransaction({
        feePayer: payer.address,
        blockhash: value.blockhash,
        instructions: [transferSol(payer.address, receiver.address, SOL / 100n)],
        signers: [payer],
      })
    }),
  )
  const tenants = transactions.map(() => randomUUID())
  const startedAt = Date.now()
  const results = await Promise.allSettled(
    // One submit per user: a user may keep only a few calls waiting for the relay (relay-queue-fairness.test.ts).
    transactions.map((bytes, i) =>
      stack.engine.submit(bytes, { tenantId: tenants[i], cardOnFile: true, strategy: 'managed_tip_bundle', tipLamports: 1_000 }),
    ),
  )
  const sent = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
  t.comment(`${sent.length} sent, ${refused.length} refused relay_busy, in ${Date.now() - startedAt} ms`)
  t.equal(sent.length + refused.length, SUBMITS, 'every submit resolved')
  t.ok(sent.length >= 30, `most were sent within their blockhash's life (${sent.length})`)
  for (const error of refused) {
    t.ok(isServiceError(error, 'relay_busy'), `a refusal is relay_busy: ${String(error)}`)
    if (isServiceError(error)) t.ok(Number(error.headers?.['retry-after']) >= 1, 'with Retry-After')
  }

  const counts = stack.localnet.relay.getCounts()
  t.equal(counts.rateLimited, 0, 'the relay never had to answer 429')
  t.equal(counts.methods.sendBundle, sent.length, 'one sendBundle per sent submit, none for the refused')
  const times = [...stack.localnet.relay.getReceiveTimes().accepted].sort((a, b) => a - b)
  const elapsedSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000
  t.ok(times.length <= Math.floor(elapsedSeconds) + 1, `${times.length} calls in ${elapsedSeconds.toFixed(1)} s: at most one a second`)

  // Every sent bundle lands (the relay runs each at its next slot; the stream reports it).
  const tenantOf = new Map(results.flatMap((result, i) => (result.status === 'fulfilled' ? [[result.value.signature, tenants[i]]] : [])))
  const pending = new Set(sent.map((answer) => answer.signature))
  for (let i = 0; i < 200 && pending.size > 0; i++) {
    for (const signature of [...pending]) {
      const tracked = await stack.engine.getTransaction(tenantOf.get(signature), signature)
      if (tracked.status !== 'pending') {
        t.ok(['processed', 'confirmed', 'finalized'].includes(tracked.status), `${signature} landed (${tracked.status})`)
        pending.delete(signature)
      }
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.equal(pending.size, 0, 'every sent bundle landed')
})
