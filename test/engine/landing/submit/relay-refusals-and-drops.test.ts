// What the relay path refuses, and what it never loses: a bundle the lint rejects never reaches the
// relay (422 bundle_rejected with the rule list); a bundle whose second transaction fails at the
// relay lands nothing and its tracking says `dropped` with the relay's reason; a send that cannot get
// through the relay's rate limit in time is 503 relay_busy with Retry-After, and never sent; a
// Failed bundle whose error the relay sends out of contract is dropped without it.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { isServiceError, type ServiceError } from '../../../../lib/errors.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { startStandInRelay } from '../../../helpers/stand-in-relay.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const TENANT = '11111111-1111-4111-8111-111111111111'
const SOL = 1_000_000_000n
const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111' as Address

async function signedTransfer(stack: Stack, extra: Address[] = []) {
  const payer = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 2n * SOL)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const instruction = transferSol(payer.address, receiver.address, SOL / 10n)
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [
      {
        ...instruction,
        accounts: [...(instruction.accounts ?? []), ...extra.map((address) => ({ address, role: 0 }))],
      } as typeof instruction,
    ],
    signers: [payer],
  })
  return { bytes, receiver }
}

/** The tracking of `signature` once it is no longer pending (read every 50 ms, at most 5 s). */
async function readOncePastPending(stack: Stack, signature: string) {
  let tracked = await stack.engine.getTransaction(TENANT, signature)
  for (let i = 0; i < 100 && tracked.status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    tracked = await stack.engine.getTransaction(TENANT, signature)
  }
  return tracked
}

const sendBundles = (stack: Stack) => stack.localnet.relay.getCounts().methods.sendBundle ?? 0

t.test('the lint rejects before any relay call, listing every rule', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, relay: { rateLimit: 5 } })
  const cheap = await signedTransfer(stack)
  const error = (await stack.engine
    .submit(cheap.bytes, { tenantId: TENANT, cardOnFile: true, strategy: 'managed_tip_bundle', tipLamports: 500 })
    .catch((e: unknown) => e)) as ServiceError
  t.ok(isServiceError(error, 'bundle_rejected'), String(error))
  t.equal(error.details?.bundle_lint?.length, 10, 'every rule is listed')
  t.same(
    error.details?.bundle_lint?.filter((entry) => !entry.ok).map((entry) => entry.rule),
    ['tip_floor'],
  )
  t.match(error.message, /tip_floor: 500 lamports against a floor of 1,000/)

  const voting = await signedTransfer(stack, [VOTE_PROGRAM])
  const refused = (await stack.engine
    .execute(voting.bytes, { tenantId: TENANT, cardOnFile: true, policy: { force_relay: true } })
    .catch((e: unknown) => e)) as ServiceError
  t.ok(isServiceError(refused, 'bundle_rejected'), String(refused))
  t.same(
    refused.details?.bundle_lint?.filter((entry) => !entry.ok).map((entry) => entry.rule),
    ['no_vote_accounts'],
  )
  t.equal(sendBundles(stack), 0, 'the relay saw no bundle')
})

t.test('a bundle whose second transaction fails at the relay lands nothing and is tracked as dropped', async (t) => {
  const stack = await startStack(t, { autoAdvance: false, relay: { rateLimit: 20 }, engineEnv: { RELAY_STATUS_POLL_MS: '100' } })
  const { bytes, receiver } = await signedTransfer(stack)
  const response = await stack.engine.submit(bytes, { tenantId: TENANT, cardOnFile: true, strategy: 'managed_tip_bundle' })
  t.equal(response.route, 'relay_bundle')
  t.equal(response.confirmation, 'pending')
  // Between the lint and the auction the tip wallet is emptied: the bundle's second transaction fails.
  const wallet = stack.tipWallet as Address
  const account = stack.localnet.chain.getAccount(wallet)
  stack.localnet.chain.setAccount(wallet, { ...(account as NonNullable<typeof account>), lamports: 0n })
  stack.localnet.chain.advanceSlot()
  const bundle = stack.localnet.relay.getBundle(response.bundle_id as string)
  t.equal(bundle?.outcome?.landed, false, 'the relay ran it and it failed')
  t.equal(bundle?.outcome?.landed === false ? bundle.outcome.failedIndex : -1, 1, 'at its second transaction, the tip')

  const tracked = await readOncePastPending(stack, response.signature)
  t.equal(tracked.status, 'dropped', 'never dropped silently')
  t.match(tracked.drop_reason, new RegExp(`bundle ${response.bundle_id} Failed`))
  t.ok(tracked.transaction_error, `the failing transaction's error: ${JSON.stringify(tracked.transaction_error)}`)
  // At processed, the newest state: at finalized (a read's default) a landing would not show yet either.
  const received = await stack.rpc<{ value: number }>('getBalance', [receiver.address, { commitment: 'processed' }])
  t.equal(received.value, 0, 'the first transaction did not land either')
  const statuses = await stack.rpc<{ value: unknown[] }>('getSignatureStatuses', [[response.signature]])
  t.same(statuses.value, [null], 'the chain does not know its signature')
})

t.test("a send the rate limit cannot fit before the caller's deadline is relay_busy with Retry-After, and never sent", async (t) => {
  const stack = await startStack(t, { autoAdvance: true, relay: { rateLimit: 1 } })
  await stack.engine.getTips() // the tip accounts are read (one relay call) before the burst
  const queued = await Promise.all([1, 2, 3].map(() => signedTransfer(stack)))
  const late = await signedTransfer(stack)
  const first = queued.map(({ bytes }) =>
    stack.engine.submit(bytes, { tenantId: TENANT, cardOnFile: true, strategy: 'managed_tip_bundle' }),
  )
  // Let the three reach the queue first.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const busy = (await stack.engine
    .submit(late.bytes, { tenantId: TENANT, cardOnFile: true, strategy: 'managed_tip_bundle', deadlineMs: 100 })
    .catch((e: unknown) => e)) as ServiceError
  t.ok(isServiceError(busy, 'relay_busy'), String(busy))
  t.ok(Number(busy.headers?.['retry-after']) >= 1, `Retry-After ${busy.headers?.['retry-after']}`)
  const answers = await Promise.all(first)
  t.equal(answers.filter((answer) => answer.bundle_id !== null).length, 3, 'the queued ones are all sent')
  t.equal(sendBundles(stack), 3, 'the refused one never reached the relay')
  t.equal(stack.localnet.relay.getCounts().rateLimited, 0, 'and the relay never had to say 429')
})

t.test("a relay refusing the credential is relay_unavailable naming RELAY_AUTH, not the caller's fault", async (t) => {
  const stack = await startStack(t, {
    autoAdvance: true,
    relay: { rateLimit: 5 },
    localnetEnv: { LOCALNET_RELAY_AUTH: 'the-right-uuid' },
    engineEnv: { RELAY_AUTH: 'a-wrong-uuid' },
  })
  const { bytes } = await signedTransfer(stack)
  await t.rejects(stack.engine.submit(bytes, { tenantId: TENANT, cardOnFile: true, strategy: 'managed_tip_bundle' }), {
    code: 'relay_unavailable',
    message: /RELAY_AUTH/,
  })
  t.ok(stack.localnet.relay.getCounts().unauthorized >= 1, 'the relay saw the wrong credential')
})

t.test('a Failed bundle whose error the relay sends out of contract is still dropped, without the error', async (t) => {
  // A relay that reports every bundle Failed, with an error jsonb cannot store (a NUL in a string).
  const relay = await startStandInRelay(t, {
    ratePerSecond: 1_000,
    answer: ({ method, params }) => {
      const ids = (params[0] ?? []) as string[]
      const answer = (value: unknown) => ({
        status: 200,
        body: JSON.stringify({ jsonrpc: '2.0', result: { context: { slot: 1 }, value }, id: 1 }),
      })
      if (method === 'getInflightBundleStatuses') return answer(ids.map((id) => ({ bundle_id: id, status: 'Failed', landed_slot: null })))
      if (method === 'getBundleStatuses') {
        const err = { Err: { InstructionError: [1, { BorshIoError: 'a\u0000b' }] } }
        return answer(ids.map((id) => ({ bundle_id: id, transactions: [], slot: 1, confirmation_status: 'processed', err })))
      }
      return undefined
    },
  })
  const stack = await startStack(t, {
    autoAdvance: false,
    relay: { rateLimit: 20 },
    engineEnv: { RELAY_URL: relay.url, RELAY_STATUS_POLL_MS: '100' },
  })
  const { bytes } = await signedTransfer(stack)
  const response = await stack.engine.submit(bytes, { tenantId: TENANT, cardOnFile: true, strategy: 'managed_tip_bundle' })
  t.equal(response.route, 'relay_bundle')
  const tracked = await readOncePastPending(stack, response.signature)
  t.equal(tracked.status, 'dropped', 'dropped all the same')
  t.match(tracked.drop_reason, new RegExp(`bundle ${response.bundle_id} Failed; none of its transactions landed`))
  t.equal(tracked.transaction_error, null, 'without the error no store would take')
  t.ok(
    relay.calls.some((call) => call.method === 'getBundleStatuses'),
    'the error was asked for',
  )
})
