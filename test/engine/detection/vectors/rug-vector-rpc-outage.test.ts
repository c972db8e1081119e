// The rug vector during a Solana RPC outage: a received mint is cached but its Metaplex metadata is
// not, so its symbol must come from a node that refuses every connection. The screening answers
// without a symbol, and no read it started is left to reject unheard (an unhandled rejection ends
// a Node process).
import t from 'tap'
import { performance } from 'node:perf_hooks'
import { generateKeyPairSigner } from '@solana/kit'
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { getFreePort } from '../../../../lib/free-port.js'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { createAccountCache } from '../../../../engine/hot-path/state/account-cache.js'
import { fromAccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import type { AccountEntry } from '../../../../engine/hot-path/state/cached-account.js'
import { createTokenSymbols } from '../../../../engine/detection/tokens/token-symbols.js'
import { runRugVector } from '../../../../engine/detection/vectors/rug-vector.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { createTestContext } from './vector-context-fixture.js'

t.test("a received mint's symbol read fails: answered without it, and every rejection is handled", async (t) => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  // tap's own listener would fail the test as well; this one says what was left unhandled.
  process.on('unhandledRejection', onUnhandled)
  t.teardown(() => void process.off('unhandledRejection', onUnhandled))

  const rpc = createJsonRpcClient({ urls: [`http://127.0.0.1:${await getFreePort()}`], requestTimeoutMs: 1_000 })
  const cache = createAccountCache({ rpc, maxBytes: 1_000_000, freshMs: 60_000, batchSize: 100 })
  const signer = (await generateKeyPairSigner()).address
  const mint = fromBase58Address((await generateKeyPairSigner()).address)
  const mintData = getMintEncoder().encode({
    mintAuthority: null,
    supply: 1_000_000n,
    decimals: 6,
    isInitialized: true,
    freezeAuthority: null,
  })
  cache.put({
    exists: true,
    key: mint,
    lamports: 1_461_600n,
    data: new Uint8Array(mintData),
    owner: fromAccountKey(fromBase58Address(TOKEN_PROGRAM_ADDRESS)),
    executable: false,
    rentEpoch: 0n,
    confirmedAtMs: Date.now(),
    slot: 1,
    native: undefined,
  } as AccountEntry)

  const bytes = await buildTransaction({
    feePayer: signer,
    blockhash: '11111111111111111111111111111111',
    instructions: [transferSol(signer, signer, 1n)],
  })
  const context = { ...createTestContext(bytes), deadline: performance.now() + 2_000 }
  const deps = { cache, symbols: createTokenSymbols({ cache }), banned: new Map(), established: new Map() }

  const findings = await runRugVector(context, deps, [{ mint, receivers: [fromBase58Address(signer)] }])
  t.equal(findings.tokenRisks.length, 1)
  t.equal(findings.tokenRisks[0]?.symbol ?? null, null, 'no symbol: the metadata could not be read')
  t.ok(rpc.callsByMethod.get('getMultipleAccounts'), 'the metadata was asked for')
  // Refusals come back within milliseconds; give every read the vector started time to settle.
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.same(
    unhandled.map((reason) => String(reason)),
    [],
    'no rejection left unhandled',
  )
})
