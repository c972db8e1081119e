/**
 * Run as a process of its own by test/engine/hot-path/simulate/simulate-old-generation.test.ts
 * (tap's async hooks keep every promise's context a while, which would be counted too): a test
 * stack's engine simulates a warm SOL transfer, all six vectors, no result cache, and for each
 * window of calls prints one JSON line: how many bytes a call the old generation grew by, and
 * whether a full collection ran in the window (which would hide the growth).
 */
import { getHeapSpaceStatistics } from 'node:v8'
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { generateKeyPairSigner } from '@solana/kit'
import { createStack } from './stack.js'
import { buildTransaction, transferSol } from './transactions.js'

const CALLS_PER_WINDOW = 3_000
const WINDOWS = 4

function getOldGenerationUsed(): number {
  let used = 0
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'old_space' || space.space_name === 'large_object_space') used += space.space_used_size
  }
  return used
}

const settleGcEntries = () => new Promise((resolve) => setTimeout(resolve, 50))

async function main(): Promise<void> {
  const stack = await createStack({ engineEnv: { RESULT_CACHE_MAX_ENTRIES: '0', ACCOUNT_CACHE_FRESH_MS: '3600000' } })
  try {
    const payer = await generateKeyPairSigner()
    const recipient = await generateKeyPairSigner()
    await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const bytes = await buildTransaction({
      feePayer: payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(payer.address, recipient.address, 1_000_000n)],
    })
    const first = await stack.engine.simulate(bytes)
    process.stdout.write(
      `${JSON.stringify({ first: { success: first.success, cached: first.cached, findings: first.risk.findings.length } })}\n`,
    )
    // Warm: the JIT's feedback and code settle in the old generation first.
    for (let i = 0; i < 2 * CALLS_PER_WINDOW; i++) await stack.engine.simulate(bytes)
    let majorCollections = 0
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorCollections++
      }
    })
    observer.observe({ entryTypes: ['gc'] })
    for (let window = 0; window < WINDOWS; window++) {
      await settleGcEntries()
      const majorBefore = majorCollections
      const before = getOldGenerationUsed()
      for (let i = 0; i < CALLS_PER_WINDOW; i++) await stack.engine.simulate(bytes)
      const after = getOldGenerationUsed()
      await settleGcEntries()
      process.stdout.write(
        `${JSON.stringify({ bytesPerCall: (after - before) / CALLS_PER_WINDOW, fullCollection: majorCollections > majorBefore })}\n`,
      )
    }
    observer.disconnect()
  } finally {
    await stack.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
