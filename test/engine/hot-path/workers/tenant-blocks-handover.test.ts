/**
 * A call handed to a simulate worker while its tenant's program blocks are still being read (a
 * tenant's first call: the read goes to the user service) goes at once, and the list follows it: the
 * worker loads the wallet's accounts while the list loads, and the answer still applies the list.
 * Here the list is held until a JSON-RPC proxy in front of localnet sees the worker fetch the fresh
 * wallet's accounts, or for HOLD_MS, and says which released it. Were the call sent only once the
 * list is read, only the HOLD_MS could.
 */
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { readConfig } from '../../../../lib/config.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { createSimulateWorkerPool } from '../../../../engine/hot-path/workers/simulate-worker-pool.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import { startRpcProxy } from '../../../helpers/rpc-proxy.js'
import { quietLogger } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

// A worker thread starts an engine of its own: seconds on a busy 2-core machine. Not a speed bound.
t.setTimeout(120_000)

// Long, so that a loaded machine's slow worker still fetches first: sent only after the list, the
// call could not release it whatever the hold.
const HOLD_MS = 3_000
const SYSTEM = '11111111111111111111111111111111'

t.test('a call awaiting its tenant’s list reaches the worker before the list, which follows it', async (t) => {
  const localnet = await startTestLocalnet(t)
  const payer = await generateKeyPairSigner()
  await localnet.call('requestAirdrop', [payer.address, 2_000_000_000])

  // Armed once the worker is ready: its first read of the payer's account releases the list.
  let armed = false
  let accountsFetched: (() => void) | undefined
  const proxyUrl = await startRpcProxy(t, localnet, (body) => {
    if (armed && body.includes(payer.address)) accountsFetched?.()
  })

  let releasedBy: string | undefined
  const pool = createSimulateWorkerPool({
    workers: 1,
    config: readConfig(engineConfigSchema, { SOLANA_RPC_URLS: proxyUrl, ENGINE_GRPC_PORT: '0' }),
    logger: quietLogger,
    fallback: () => Promise.reject(new Error('every call here goes to the worker')),
    inlineLoneCalls: false,
    // The tenant blocks the System program; its list is read as a user service's is, taking its time.
    getTenantBlocks: () =>
      new Promise<ReadonlySet<AccountKey>>((resolve) => {
        const release = (by: string) => {
          releasedBy ??= by
          resolve(new Set([fromBase58Address(SYSTEM)]))
        }
        accountsFetched = () => release('the worker fetched the wallet’s accounts')
        setTimeout(() => release('the hold’s end'), HOLD_MS)
      }),
  })
  t.teardown(() => pool.close())
  await pool.whenReady(100_000)
  t.equal(pool.readyCount, 1, 'the worker started')

  const latest = await localnet.call('getLatestBlockhash')
  const transfer = await buildTransaction({
    feePayer: payer.address,
    blockhash: (latest.result as { value: { blockhash: string } }).value.blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000_000n)],
  })
  armed = true
  const answer = await pool.simulate(transfer, { tenantId: 'tenant-first-call' })
  t.equal(releasedBy, 'the worker fetched the wallet’s accounts', 'the worker loaded the accounts while the list was read')
  t.match(answer, { success: true, decision: 'block', timed_out_vectors: [] }, 'and its answer applied the list that followed')
  t.same(
    answer.risk.blacklist_entries,
    [{ program_id: SYSTEM, reason: "on the caller's program block list", source: 'tenant' }],
    'the tenant’s list is the reason',
  )
})
