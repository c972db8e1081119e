/**
 * A tenant's program blocks that cannot be loaded (the user service down, past what may be served
 * stale) fail the program vector of every simulate of that tenant: each answer reports it in
 * `timed_out_vectors`, and the engine's log counts the failures, one line per 10 s, not one a request.
 */
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createServiceError } from '../../../../lib/errors.js'
import { LOG_THROTTLE_INTERVAL_MS } from '../../../../lib/log-throttle.js'
import { createCaptureLogger, LOG_LEVEL } from '../../../helpers/capture-logger.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const SIMULATES = 30

t.test('an unloadable tenant list: reported per answer, logged per window', async (t) => {
  const { logger, lines } = createCaptureLogger()
  const stack = await startStack(t, {
    engineLogger: logger,
    // No result cache: every simulate runs its vectors.
    engineEnv: { RESULT_CACHE_MAX_ENTRIES: '0' },
    engineOptions: { getTenantBlocks: () => Promise.reject(createServiceError('accounts_unavailable')) },
  })
  const payer = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000_000n)],
  })
  const startedMs = Date.now()
  for (let i = 0; i < SIMULATES; i++) {
    const answer = await stack.engine.simulate(transaction, { tenantId: 'tenant' })
    t.ok(answer.timed_out_vectors.includes('program'), `simulate ${i}: the program vector reported as not answered`)
  }
  const failed = lines.filter((line) => /^vector failed/.test(line.msg))
  const windows = 1 + Math.floor((Date.now() - startedMs) / LOG_THROTTLE_INTERVAL_MS)
  t.ok(failed.length >= 1 && failed.length <= windows, `${failed.length} line(s) for ${SIMULATES} failures in ${windows} window(s)`)
  t.match(
    failed[0],
    { level: LOG_LEVEL.warn, vector: 'program', failed: 1, err: { code: 'accounts_unavailable' } },
    'the first with its cause',
  )
})
