// Watched simulations on a real localnet whose geyser stream feeds the engine: a real transaction
// changes an account the simulation read, and the engine answers again only when what a user sees
// changed; the watch ends on its own when its blockhash expires or its time runs out.
import t from 'tap'
import type { Test } from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import type { SimulateResponse } from '../../../../engine/contract/simulate-response.js'
import type { Engine } from '../../../../engine/engine.js'
import { isServiceError } from '../../../../lib/errors.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { createStackTransfer } from '../../../helpers/stack-transfer.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { createWatchRecorder } from '../../../helpers/watch-recorder.js'

const SOL = 1_000_000_000n

/** Lands a transfer of `lamports` out of `from`'s wallet, and the block that confirms it (the stream sends confirmed writes). */
async function landTransfer(stack: Stack, from: Awaited<ReturnType<typeof generateKeyPairSigner>>, lamports: bigint): Promise<void> {
  const elsewhere = await generateKeyPairSigner()
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: from.address,
    blockhash: value.blockhash,
    instructions: [transferSol(from.address, elsewhere.address, lamports)],
    signers: [from],
  })
  const sent = stack.localnet.chain.send(bytes)
  if (!sent.landed || sent.err) throw new Error('the transfer did not land')
  stack.localnet.chain.advanceSlot()
  stack.localnet.chain.advanceSlot()
}

const geyserStack = (t: Test, engineEnv: Record<string, string> = {}) =>
  startStack(t, { geyser: true, engineEnv: { ENGINE_WORKERS: '0', ...engineEnv } })

async function waitForStream(engine: Engine): Promise<void> {
  await waitUntil(() => engine.geyserState === 'connected', 5_000, 'the geyser stream')
}

t.test('the payer drained by another transaction: one update, success false', async (t) => {
  const stack = await geyserStack(t)
  await waitForStream(stack.engine)
  const transfer = await createStackTransfer(stack)
  const heard = createWatchRecorder()
  const watch = await stack.engine.watch(transfer.bytes, {}, heard.listener)
  t.equal(watch.response.success, true, 'the transfer would land now')
  t.match(watch.watchId, /^w_[0-9a-f]{24}$/)
  t.equal(stack.engine.watches.stats.open, 1)

  // Everything but the fee: the account is emptied (a remainder below rent exemption would fail the drain).
  await landTransfer(stack, transfer.payer, 2n * SOL - 5_000n)
  await waitUntil(() => heard.updates.length > 0, 5_000, 'an update')
  const update = heard.updates[0] as SimulateResponse
  t.equal(update.success, false, 'the transfer would fail now')
  t.equal(update.failure_code, 'insufficient_sol')
  t.equal(heard.updates.length, 1, 'one change, one update')
  t.same(heard.ends, [], 'still watching')
  watch.cancel()
  t.equal(stack.engine.watches.stats.open, 0, 'cancelled: nothing is watched')
  t.same(heard.ends, [], 'a cancelled watch is not told it ended')
})

t.test('changes that leave what a user sees alone push nothing; the next one that matters does', async (t) => {
  const stack = await geyserStack(t)
  await waitForStream(stack.engine)
  const transfer = await createStackTransfer(stack)
  const heard = createWatchRecorder()
  const watch = await stack.engine.watch(transfer.bytes, {}, heard.listener)
  t.teardown(watch.cancel)
  // Slots pass, nothing the simulation read changes: not even a re-simulation.
  for (let i = 0; i < 3; i++) stack.localnet.chain.advanceSlot()
  await new Promise((resolve) => setTimeout(resolve, 900))
  t.equal(stack.engine.watches.stats.resimulations, 0, 'nothing read changed: nothing simulated again')
  // The payer's balance moves (0.5 SOL out) but the transfer still succeeds with the same deltas.
  await landTransfer(stack, transfer.payer, SOL / 2n)
  await waitUntil(() => stack.engine.watches.stats.resimulations > 0, 5_000, 'a re-simulation')
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.ok(stack.engine.watches.stats.resimulations >= 1, 'the change was simulated again')
  t.same(heard.updates, [], 'but not pushed: the answer reads the same to its user')

  // After a re-simulation the watch still hears the stream (not only its periodic check).
  // Then the rest is spent (all but the two fees): the transfer would fail.
  await landTransfer(stack, transfer.payer, 2n * SOL - SOL / 2n - 10_000n)
  await waitUntil(() => heard.updates.length > 0, 5_000, 'the update')
  t.equal(heard.updates[0]?.failure_code, 'insufficient_sol')
  const { streamChanges, checkChanges } = stack.engine.watches.stats
  t.ok(streamChanges >= 2, `both changes came from stream writes (${streamChanges})`)
  t.equal(checkChanges, 0, 'none had to wait for the periodic check')
})

t.test('the blockhash expires: the watch ends blockhash_expired', async (t) => {
  const stack = await geyserStack(t)
  await waitForStream(stack.engine)
  const transfer = await createStackTransfer(stack)
  const heard = createWatchRecorder()
  await stack.engine.watch(transfer.bytes, {}, heard.listener)
  for (let i = 0; i < 152; i++) stack.localnet.chain.advanceSlot()
  await waitUntil(() => heard.ends.length > 0, 5_000, 'the end')
  t.same(heard.ends, ['blockhash_expired'])
  t.equal(stack.engine.watches.stats.open, 0)
  t.equal(stack.engine.watches.stats.ended.blockhash_expired, 1)
})

t.test('WATCH_MAX_MS ends a watch time_limit; WATCH_MAX_SESSIONS refuses one more', async (t) => {
  const stack = await geyserStack(t, { WATCH_MAX_MS: '1000', WATCH_MAX_SESSIONS: '1' })
  await waitForStream(stack.engine)
  const transfer = await createStackTransfer(stack)
  const heard = createWatchRecorder()
  const startedAt = Date.now()
  await stack.engine.watch(transfer.bytes, {}, heard.listener)
  const refused = await stack.engine.watch(transfer.bytes, {}, createWatchRecorder().listener).then(
    () => undefined,
    (error: unknown) => error,
  )
  t.ok(isServiceError(refused, 'watch_limit_exceeded'), 'the second watch is refused')
  await waitUntil(() => heard.ends.length > 0, 5_000, 'the end')
  t.same(heard.ends, ['time_limit'])
  t.ok(Date.now() - startedAt >= 1_000)
  t.equal(stack.engine.watches.stats.open, 0)
  const again = await stack.engine.watch(transfer.bytes, {}, createWatchRecorder().listener)
  t.equal(stack.engine.watches.stats.open, 1, 'room again once the first ended')
  again.cancel()
})

t.test('without a geyser stream a watch is refused not_implemented', async (t) => {
  const stack = await startStack(t, { engineEnv: { ENGINE_WORKERS: '0' } })
  const transfer = await createStackTransfer(stack)
  const refused = await stack.engine.watch(transfer.bytes, {}, createWatchRecorder().listener).then(
    () => undefined,
    (error: unknown) => error,
  )
  t.ok(isServiceError(refused, 'not_implemented'))
  t.equal(stack.engine.watches.stats.open, 0)
})

t.test('WATCH_MAX_PER_TENANT: one user cannot hold every slot; another user still watches', async (t) => {
  const stack = await geyserStack(t, { WATCH_MAX_PER_TENANT: '2', WATCH_MAX_SESSIONS: '10' })
  await waitForStream(stack.engine)
  const transfer = await createStackTransfer(stack)
  const watchAs = (tenantId: string) => stack.engine.watch(transfer.bytes, { tenantId }, createWatchRecorder().listener)
  const first = await watchAs('user-a')
  await watchAs('user-a')
  const refused = await watchAs('user-a').then(
    () => undefined,
    (error: unknown) => error,
  )
  t.ok(isServiceError(refused, 'watch_limit_exceeded'), "the tenant's third watch is refused")
  t.match((refused as Error).message, /One account may watch at most 2/)
  const other = await watchAs('user-b')
  t.equal(stack.engine.watches.stats.open, 3, 'another tenant is not held back by the first')
  first.cancel()
  const again = await watchAs('user-a')
  t.equal(stack.engine.watches.stats.open, 3, 'a slot freed by a cancel is the tenant’s again')
  again.cancel()
  other.cancel()
})
