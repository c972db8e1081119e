// isBlockhashValid lookups against a real localnet: shared per blockhash, "invalid" remembered briefly and boundedly, a cap in flight.
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { isServiceError } from '../../../../lib/errors.js'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { type AccountKey, fromBase58Address, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { createBlockhashLookups } from '../../../../engine/hot-path/state/blockhash-lookups.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'

const randomKey = () => toAccountKey(randomBytes(32))

t.test('concurrent lookups of one blockhash make one call; the chain’s answer is what it says', async (t) => {
  const localnet = await startTestLocalnet(t)
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 })
  const lookups = createBlockhashLookups({ rpc })
  const made = randomKey()
  const answers = await Promise.all(Array.from({ length: 20 }, () => lookups.lookup(made)))
  t.ok(
    answers.every((answer) => !answer.valid),
    'a made-up blockhash is invalid',
  )
  t.equal(rpc.callsByMethod.get('isBlockhashValid'), 1, 'one call for twenty lookups')
  t.equal(lookups.isKnownInvalid(made), true, 'the answer is remembered')

  const latest = fromBase58Address(localnet.chain.getLatestBlockhash().blockhash)
  t.match(await lookups.lookup(latest), { valid: true, slot: Number(localnet.chain.getSlot()) }, 'the latest blockhash is valid')
  t.equal(lookups.isKnownInvalid(latest), false, 'a valid answer is not kept here (the tracker keeps it)')
  lookups.forget(made)
  t.equal(lookups.isKnownInvalid(made), false, 'forgotten once the stream shows it')
})

t.test('an invalid answer is believed for invalidTtlMs, then asked again', async (t) => {
  const localnet = await startTestLocalnet(t)
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 })
  const lookups = createBlockhashLookups({ rpc, invalidTtlMs: 1 })
  const made = randomKey()
  await lookups.lookup(made)
  await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(lookups.isKnownInvalid(made), false, 'no longer believed')
  await lookups.lookup(made)
  t.equal(lookups.stats.calls, 2, 'asked again')
})

t.test('a flood of made-up blockhashes: at most maxInFlight calls at once, at most maxInvalid answers held', async (t) => {
  const localnet = await startTestLocalnet(t)
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 })
  const lookups = createBlockhashLookups({ rpc, maxInFlight: 4, maxInvalid: 8 })
  const settled = await Promise.allSettled(Array.from({ length: 10 }, () => lookups.lookup(randomKey())))
  const refused = settled.filter((result) => result.status === 'rejected')
  t.equal(refused.length, 6, 'six refused while four were out')
  t.ok(
    refused.every((result) => isServiceError(result.reason, 'upstream_unavailable')),
    'refused as upstream_unavailable (502, retry)',
  )
  t.same(lookups.stats, { calls: 4, refused: 6 })

  const keys: AccountKey[] = []
  for (let i = 0; i < 20; i++) {
    const key = randomKey()
    keys.push(key)
    await lookups.lookup(key)
  }
  t.equal(lookups.size, 8, 'the oldest answers went first')
  t.equal(lookups.isKnownInvalid(keys[19] as AccountKey), true, 'the newest is held')
  t.equal(lookups.isKnownInvalid(keys[0] as AccountKey), false, 'the oldest is not')
})
