// What landing looks like when the chain does not take a transaction at once: with localnet
// dropping every send, the service's own rebroadcast lands it once drops stop; and when another
// transaction lands first on the same accounts, the outcome says reality differed and names the
// accounts whose balances moved otherwise than predicted.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getCloseAccountInstruction } from '@solana-program/token'
import { createCaseContext } from '../../../cases/case-context.js'
import { createAta, createMint } from '../../../cases/token-setup.js'
import { toTestLocalnet } from '../../../helpers/localnet-start.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import type { TrackedTransaction } from '../../../../engine/contract/transaction-tracking.js'

const TENANT = '55555555-5555-4555-8555-555555555555'
const FAST = { SEND_REBROADCAST_MS: '150', CONFIRMATION_POLL_MS: '100' }

async function waitForTracking(
  stack: Stack,
  signature: string,
  done: (tracked: TrackedTransaction) => boolean,
): Promise<TrackedTransaction> {
  let tracked = await stack.engine.getTransaction(TENANT, signature)
  for (let i = 0; i < 150 && !done(tracked); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    tracked = await stack.engine.getTransaction(TENANT, signature)
  }
  return tracked
}

t.test('sends dropped by the chain are rebroadcast until one lands', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, engineEnv: FAST })
  const context = createCaseContext(toTestLocalnet(stack.localnet))
  const payer = await context.fund(1_000_000_000n)
  const receiver = await generateKeyPairSigner()
  const bytes = await context.compile({
    feePayer: payer.address,
    instructions: [transferSol(payer.address, receiver.address, 50_000_000n)],
    signers: [payer],
  })
  stack.localnet.sends.setDropRate(1)
  const before = stack.localnet.sends.getCounts()
  const sent = await stack.engine.send(bytes, { tenantId: TENANT })
  t.equal(sent.confirmation, 'pending')
  await waitUntil(() => stack.localnet.sends.getCounts().dropped - before.dropped >= 3, 5_000, 'three dropped sends')
  stack.localnet.sends.setDropRate(0)
  const tracked = await waitForTracking(stack, sent.signature, (entry) => entry.status === 'confirmed' || entry.status === 'finalized')
  t.ok(['confirmed', 'finalized'].includes(tracked.status), tracked.status)
  t.ok(tracked.attempts >= 4, `attempts count every send (${tracked.attempts})`)
  t.type(tracked.landed_slot, 'number')
  const balance = await stack.rpc<{ value: number }>('getBalance', [receiver.address, { commitment: 'processed' }])
  t.equal(balance.value, 50_000_000)
})

t.test('wait_confirmation answers confirmed with the slot it landed in', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, engineEnv: FAST })
  const context = createCaseContext(toTestLocalnet(stack.localnet))
  const payer = await context.fund(1_000_000_000n)
  const bytes = await context.compile({
    feePayer: payer.address,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
    signers: [payer],
  })
  const sent = await stack.engine.send(bytes, { tenantId: TENANT, waitConfirmation: true })
  t.equal(sent.confirmation, 'confirmed', 'confirmed (finality is 32 slots away)')
  const status = await stack.rpc<{ value: Array<{ slot: number } | null> }>('getSignatureStatuses', [[sent.signature]])
  t.equal(sent.slot, status.value[0]?.slot, 'the slot the chain says it landed in')
})

t.test('another transaction landing first on the same accounts: matched false, naming them', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, engineEnv: FAST })
  const context = createCaseContext(toTestLocalnet(stack.localnet))
  const owner = await context.fund()
  const rival = await context.fund()
  const mint = await createMint(context, { payer: owner, authority: owner.address, decimals: 6 })
  const tokenAccount = await createAta(context, owner, owner.address, mint)

  // Closing an empty token account pays its lamports to the owner: what it pays depends on what
  // the account holds when it lands.
  const close = await context.compile({
    feePayer: owner.address,
    instructions: [getCloseAccountInstruction({ account: tokenAccount, destination: owner.address, owner })],
    signers: [owner],
  })
  stack.localnet.sends.setDropRate(1)
  const executed = await stack.engine.execute(close, { tenantId: TENANT })
  t.equal(executed.action, 'submitted', executed.reason)

  // The rival lands first, straight into the chain: 0.25 SOL into the token account.
  const rivalBytes = await context.compile({
    feePayer: rival.address,
    instructions: [transferSol(rival.address, tokenAccount, 250_000_000n)],
    signers: [rival],
  })
  t.equal(stack.localnet.chain.send(rivalBytes).err, null, 'the rival landed')
  stack.localnet.sends.setDropRate(0)

  const tracked = await waitForTracking(stack, executed.signature as string, (entry) => entry.outcome !== null)
  t.equal(tracked.outcome?.matched, false)
  const named = new Map(tracked.outcome?.differences.map((difference) => [difference.account, difference]))
  t.ok(named.has(tokenAccount), `the token account is named: ${JSON.stringify(tracked.outcome?.differences)}`)
  t.ok(named.has(owner.address), 'and the owner it paid')
  const ownerDifference = named.get(owner.address)
  t.equal(BigInt(ownerDifference?.actual ?? 0) - BigInt(ownerDifference?.predicted ?? 0), 250_000_000n, 'by what the rival added')
  t.equal(
    tracked.outcome?.differences.some((difference) => difference.field === 'success'),
    false,
    'it still succeeded',
  )
})
