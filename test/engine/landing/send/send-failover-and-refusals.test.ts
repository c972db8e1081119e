// send on localnet: a dead first endpoint is failed over (attempts counts both), every endpoint
// dead is 502 upstream_unavailable naming each one's answer, and what is unsigned or wrongly
// signed is refused before anything leaves the service.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { getFreePort } from '../../../../lib/free-port.js'
import { isServiceError } from '../../../../lib/errors.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

async function signedTransfer(stack: Awaited<ReturnType<typeof startStack>>, lamportsOut = 1_000_000n) {
  const payer = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 1_000_000_000n)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, receiver.address, lamportsOut)],
    signers: [payer],
  })
  return { bytes, payer, receiver }
}

t.test('a dead staked endpoint is failed over to the public one: attempts 2, and it lands', async (t) => {
  const deadUrl = `http://127.0.0.1:${await getFreePort()}`
  const stack = await startStack(t, { autoAdvance: true, engineEnv: { SEND_STAKED_RPC_URLS: deadUrl } })
  const { bytes, receiver } = await signedTransfer(stack)
  const response = await stack.engine.send(bytes, { waitConfirmation: true })
  t.equal(response.attempts, 2, 'the dead staked endpoint, then the public one')
  t.ok(['confirmed', 'finalized'].includes(response.confirmation), response.confirmation)
  // At confirmed, the level send waited for (finalized, a read's default, would see it 32 slots later).
  const balance = await stack.rpc<{ value: number }>('getBalance', [receiver.address as Address, { commitment: 'confirmed' }])
  t.equal(balance.value, 1_000_000)
})

t.test('every endpoint dead: 502 upstream_unavailable with what each answered, and nothing tracked', async (t) => {
  const dead = [`http://127.0.0.1:${await getFreePort()}`, `http://127.0.0.1:${await getFreePort()}`]
  const stack = await startStack(t, { engineEnv: { SEND_STAKED_RPC_URLS: dead[0] as string, SEND_RPC_URLS: dead[1] as string } })
  const { bytes } = await signedTransfer(stack)
  const error = await stack.engine.send(bytes, { maxRetries: 3 }).then(
    () => null,
    (caught: unknown) => caught,
  )
  t.ok(isServiceError(error, 'upstream_unavailable'), String(error))
  const message = (error as Error).message
  t.equal(message.split('127.0.0.1:').length - 1, 4, `four attempts named: ${message}`)
  t.notMatch(message, /http:\/\//, 'no endpoint URL (it may carry a key) in the answer')
  t.equal(stack.engine.tracker.size, 0)
})

t.test('unsigned and wrongly signed transactions are 422 invalid_signature; max_retries is bounded', async (t) => {
  const stack = await startStack(t)
  const { bytes, payer } = await signedTransfer(stack)
  const unsigned = bytes.slice()
  unsigned.fill(0, 1, 65)
  const receivedBefore = stack.localnet.sends.getCounts().received
  const wrong = bytes.slice()
  wrong[10] = (wrong[10] ?? 0) ^ 0xff
  for (const [name, candidate] of [
    ['unsigned', unsigned],
    ['wrongly signed', wrong],
  ] as const) {
    await t.rejects(stack.engine.send(candidate, {}), { code: 'invalid_signature' }, `send: ${name}`)
    await t.rejects(stack.engine.execute(candidate, {}), { code: 'invalid_signature' }, `execute: ${name}`)
  }
  await t.rejects(stack.engine.send(unsigned, {}), new RegExp(payer.address))
  await t.rejects(stack.engine.send(bytes, { maxRetries: 6 }), { code: 'validation_error' })
  await t.rejects(stack.engine.send(new Uint8Array([1, 2, 3]), {}), { code: 'invalid_transaction' })
  t.equal(stack.engine.tracker.size, 0, 'nothing tracked')
  t.equal(stack.localnet.sends.getCounts().received, receivedBefore, 'localnet received no sendTransaction')
})

t.test('use_relay is relay_unavailable until the relay lands, and nothing is sent', async (t) => {
  const stack = await startStack(t)
  const { bytes } = await signedTransfer(stack)
  await t.rejects(stack.engine.send(bytes, { useRelay: true }), { code: 'relay_unavailable' })
  await t.rejects(stack.engine.execute(bytes, { policy: { force_relay: true } }), { code: 'relay_unavailable' })
  t.equal(stack.engine.tracker.size, 0)
  t.equal(stack.localnet.sends.getCounts().received, 0, 'localnet received no sendTransaction')
})
