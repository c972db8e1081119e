/**
 * A tenant's program blocks load beside the accounts a cold simulate fetches, not after them: a
 * fresh wallet's first simulate asks for the tenant's list while its `getMultipleAccounts` is still
 * unanswered. A JSON-RPC proxy in front of localnet holds that answer until the list is asked for,
 * or for 400 ms, and says which released it. Without the prefetch only the 400 ms can (the program
 * vector asks after the simulation); a call that does not run the program vector asks for nothing.
 */
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { readConfig } from '../../../../lib/config.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { createEngine } from '../../../../engine/engine.js'
import type { AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import { startRpcProxy } from '../../../helpers/rpc-proxy.js'
import { quietLogger } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const HOLD_MS = 400

t.test('a cold simulate asks for the tenant’s program blocks while its accounts load', async (t) => {
  const localnet = await startTestLocalnet(t)

  // The next getMultipleAccounts, once armed, is held until the tenant's list is asked for (or was
  // already) or HOLD_MS pass.
  const asked: string[] = []
  let armed = false
  let release: ((by: string) => void) | null = null
  let releasedBy: string | null = null
  const proxyUrl = await startRpcProxy(t, localnet, async (body) => {
    if (!armed || !body.includes('"getMultipleAccounts"')) return
    armed = false
    releasedBy = await new Promise<string>((resolve) => {
      // The list may have been asked for before this request arrived.
      if (asked.length > 0) return resolve('the tenant’s list asked for')
      release = resolve
      setTimeout(() => resolve('the hold’s end'), HOLD_MS)
    })
    release = null
  })

  const engine = createEngine(
    readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: proxyUrl,
      ENGINE_GRPC_PORT: '0',
    }),
    quietLogger,
    {
      getTenantBlocks: (tenantId) => {
        asked.push(tenantId)
        ;(release as ((by: string) => void) | null)?.('the tenant’s list asked for')
        return new Promise<ReadonlySet<AccountKey>>((resolve) => setTimeout(() => resolve(new Set()), 10))
      },
    },
  )
  await engine.start()
  t.teardown(() => engine.stop())

  /** A transfer from a wallet the engine has never read: its accounts come from the chain. */
  async function coldTransfer(): Promise<Uint8Array> {
    const payer = await generateKeyPairSigner()
    await localnet.call('requestAirdrop', [payer.address, 2_000_000_000])
    const latest = await localnet.call('getLatestBlockhash')
    return buildTransaction({
      feePayer: payer.address,
      blockhash: (latest.result as { value: { blockhash: string } }).value.blockhash,
      instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000_000n)],
    })
  }

  const first = await coldTransfer()
  armed = true
  const answer = await engine.simulate(first, { tenantId: 'tenant-a' })
  t.equal(armed, false, 'the accounts were fetched through the proxy')
  t.equal(releasedBy, 'the tenant’s list asked for', 'the list was asked for while the accounts were loading')
  t.match(answer, { success: true, decision: 'approve', timed_out_vectors: [] }, 'and the answer is whole')
  t.ok(asked.length >= 1 && asked.every((tenant) => tenant === 'tenant-a'), `the tenant’s list (asked ${asked.length} time(s))`)

  asked.length = 0
  const second = await coldTransfer()
  armed = true
  await engine.simulate(second, { tenantId: 'tenant-b', vectors: ['simulation'] })
  t.equal(releasedBy, 'the hold’s end', 'without the program vector nothing is asked for')
  t.same(asked, [], 'not even later')
})
