/**
 * Execute and send benchmark (`npm run bench:execute`; `--count N`, default 300). On a real
 * localnet (400 ms slots, its geyser stream feeding the engine) and a real engine, with a new
 * signed SOL transfer for every call (a repeated transaction would be answered from its tracking):
 *
 * - what execute adds to simulate: simulate alone against execute without waiting (simulate,
 *   signature check, policy, one sendTransaction, the tracking record) — sending to localnet
 *   (which executes the transaction in this process before it answers) and to an endpoint that
 *   only answers (one loopback HTTP round trip) — and the parts that are execute's own: the
 *   signature check and the tracking record's write;
 * - time from execute to `processed` and to `confirmed`, as the tracker sees it (the stream or
 *   getSignatureStatuses), over sequential executes.
 *
 * Prints p50 / p99 / max with the machine, and writes bench/results/<date>-<commit>-execute-send.json.
 */
import { fileURLToPath } from 'node:url'
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import { toBase58 } from '../lib/base58.js'
import { readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { localnetConfigSchema } from '../localnet/config.js'
import { createLocalnet } from '../localnet/localnet.js'
import { engineConfigSchema } from '../engine/config.js'
import { createEngine } from '../engine/engine.js'
import { assertSignedTransaction } from '../engine/hot-path/decode/verify-signatures.js'
import { decodeWireTransaction } from '../engine/hot-path/decode/wire-transaction.js'
import { createMemoryTrackingStore } from '../engine/landing/tracking/memory-tracking-store.js'
import type { TrackingRecord } from '../engine/landing/tracking/tracking-record.js'
import { startBlackHoleRpc } from '../test/helpers/black-hole-rpc.js'
import { buildTransaction, transferSol } from '../test/helpers/transactions.js'
import { getGitState, getLoadAverage, getMachineInfo } from './support/machine-info.js'
import { startBenchUserService } from './support/bench-user-service.js'
import { readFlags, rejectFlag } from './support/command-line.js'
import { createUserServiceTrackingStore } from '../engine/landing/tracking/user-service-tracking-store.js'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const COMMAND = 'npm run bench:execute --'
const { values } = readFlags(COMMAND, { options: { count: { type: 'string', default: '300' } } })
const count = Number(values.count)
if (!Number.isInteger(count) || count < 1) rejectFlag(COMMAND, `--count: a positive whole number, not ${values.count}`)
const logger = createLogger('bench', 'silent')

interface Stats {
  count: number
  p50Us: number
  p99Us: number
  maxUs: number
}

function getStats(samplesUs: number[]): Stats {
  const sorted = [...samplesUs].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { count: sorted.length, p50Us: round(at(0.5)), p99Us: round(at(0.99)), maxUs: round(sorted[sorted.length - 1] ?? 0) }
}

const round = (us: number) => Math.round(us * 10) / 10
const sinceUs = (start: bigint) => Number(process.hrtime.bigint() - start) / 1_000

async function main(): Promise<void> {
  const localnet = await createLocalnet(
    readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0', LOCALNET_GEYSER_PORT: '0', LOCALNET_RELAY_PORT: '0' }),
    logger,
  )
  const engine = createEngine(
    readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: localnet.rpcUrl,
      GEYSER_ENDPOINT: localnet.geyserUrl,
      ENGINE_GRPC_PORT: '0',
      RESULT_CACHE_MAX_ENTRIES: '0',
    }),
    logger,
  )
  await engine.start()
  const hole = await startBlackHoleRpc()
  const quiet = createEngine(
    readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: localnet.rpcUrl,
      GEYSER_ENDPOINT: localnet.geyserUrl,
      SEND_RPC_URLS: hole.url,
      ENGINE_GRPC_PORT: '0',
      RESULT_CACHE_MAX_ENTRIES: '0',
    }),
    logger,
  )
  await quiet.start()
  const payer: KeyPairSigner = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  localnet.chain.airdrop(payer.address, 1_000_000_000_000n)
  localnet.chain.airdrop(receiver.address, 1_000_000_000n)
  let nonce = 1n
  const nextTransaction = async () =>
    buildTransaction({
      feePayer: payer.address,
      blockhash: localnet.chain.getLatestBlockhash().blockhash,
      instructions: [transferSol(payer.address, receiver.address, 1_000n + nonce++)],
      signers: [payer],
    })
  // The stream is live and the accounts warm before anything is timed.
  for (let i = 0; i < 50 && engine.geyserState !== 'connected'; i++) await new Promise((resolve) => setTimeout(resolve, 100))
  for (let i = 0; i < 20; i++) await engine.execute(await nextTransaction(), {})
  for (let i = 0; i < 20; i++) await quiet.execute(await nextTransaction(), {})

  const simulateUs: number[] = []
  const executeUs: number[] = []
  const executeAnsweringUs: number[] = []
  const verifyUs: number[] = []
  const storeUs: number[] = []
  const store = createMemoryTrackingStore()
  // The store npm start uses: the user service on DATABASE_URL, or its embedded PGlite.
  const users = await startBenchUserService(process.env.DATABASE_URL, logger)
  const durable = createUserServiceTrackingStore(users.userService)
  const durableUs: number[] = []
  const benchUser = '77777777-7777-4777-8777-777777777777'
  for (let i = 0; i < count; i++) {
    // Alternated, each on its own new transaction, so both see the same machine at the same time.
    const forSimulate = await nextTransaction()
    let start = process.hrtime.bigint()
    await engine.simulate(forSimulate, {})
    simulateUs.push(sinceUs(start))

    const forExecute = await nextTransaction()
    start = process.hrtime.bigint()
    const executed = await engine.execute(forExecute, {})
    executeUs.push(sinceUs(start))
    if (executed.action !== 'submitted') throw new Error(`execute answered ${executed.action}: ${executed.reason}`)

    const forAnswering = await nextTransaction()
    start = process.hrtime.bigint()
    await quiet.execute(forAnswering, {})
    executeAnsweringUs.push(sinceUs(start))

    const decoded = decodeWireTransaction(forExecute)
    start = process.hrtime.bigint()
    assertSignedTransaction(decoded)
    verifyUs.push(sinceUs(start))

    const record: TrackingRecord = {
      userId: 'bench',
      signature: `bench-${i}`,
      kind: 'execute',
      status: 'pending',
      route: 'direct_rpc',
      attempts: 1,
      endpoints: ['127.0.0.1'],
      wireTransaction: forExecute,
      lastValidBlockHeight: 1,
      landedSlot: null,
      transactionError: null,
      prediction: null,
      outcome: null,
      strategy: null,
      relayBundleId: null,
      tipLamports: null,
      dropReason: null,
      createdAtMs: Date.now(),
      updatedAtMs: Date.now(),
    }
    start = process.hrtime.bigint()
    await store.create(record, 30_000)
    storeUs.push(sinceUs(start))

    const signature = toBase58(forExecute.subarray(1, 65))
    start = process.hrtime.bigint()
    await durable.create({ ...record, userId: benchUser, signature }, 30_000)
    durableUs.push(sinceUs(start))
  }

  // Time to processed / confirmed: sequential executes, each followed until confirmed.
  const landingCount = Math.min(40, count)
  const processedMs: number[] = []
  const confirmedMs: number[] = []
  for (let i = 0; i < landingCount; i++) {
    const bytes = await nextTransaction()
    const startedAt = performance.now()
    let processedAt: number | undefined
    let confirmedAt: number | undefined
    let signature: string | null = null
    const seen = new Promise<void>((resolve) => {
      const stop = engine.onTransactionUpdate((_tenant, update) => {
        if (update.signature !== signature) return
        if (processedAt === undefined && update.status !== 'pending') processedAt = performance.now()
        if (update.status === 'confirmed' || update.status === 'finalized') {
          confirmedAt = performance.now()
          stop()
          resolve()
        }
      })
    })
    const executed = await engine.execute(bytes, {})
    signature = executed.signature
    await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 10_000))])
    if (processedAt !== undefined) processedMs.push(processedAt - startedAt)
    if (confirmedAt !== undefined) confirmedMs.push(confirmedAt - startedAt)
  }

  const simulate = getStats(simulateUs)
  const execute = getStats(executeUs)
  const executeAnswering = getStats(executeAnsweringUs)
  const result = {
    bench: 'execute-send',
    date: new Date().toISOString(),
    git: getGitState(ROOT),
    machine: getMachineInfo(ROOT),
    loadAverage: getLoadAverage(),
    settings: { count, slotMs: localnet.chain.slotMs, landingCount, resultCache: 'off', trackingStore: 'memory' },
    simulate,
    execute,
    executeToAnsweringEndpoint: executeAnswering,
    addedP50Us: round(execute.p50Us - simulate.p50Us),
    addedP99Us: round(execute.p99Us - simulate.p99Us),
    addedAnsweringP50Us: round(executeAnswering.p50Us - simulate.p50Us),
    addedAnsweringP99Us: round(executeAnswering.p99Us - simulate.p99Us),
    verifySignatures: getStats(verifyUs),
    trackingRecordWrite: getStats(storeUs),
    trackingRecordWriteDurable: { database: users.database, ...getStats(durableUs) },
    toProcessedMs: getStats(processedMs.map((ms) => ms * 1_000)),
    toConfirmedMs: getStats(confirmedMs.map((ms) => ms * 1_000)),
  }
  const line = (name: string, stats: Stats, unit = 'µs', scale = 1) =>
    `${name.padEnd(28)} p50 ${(stats.p50Us / scale).toFixed(1).padStart(8)} ${unit}  p99 ${(stats.p99Us / scale).toFixed(1).padStart(8)} ${unit}  max ${(stats.maxUs / scale).toFixed(1).padStart(8)} ${unit}  (n=${stats.count})`
  process.stdout.write(
    [
      `execute-send on ${result.machine.cpuModel}, node ${process.version}, load ${result.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
      line('simulate', simulate),
      line('execute → localnet', execute),
      `  − simulate                 p50 ${result.addedP50Us} µs  p99 ${result.addedP99Us} µs`,
      line('execute → answering only', executeAnswering),
      `  − simulate                 p50 ${result.addedAnsweringP50Us} µs  p99 ${result.addedAnsweringP99Us} µs`,
      line('  signature check', result.verifySignatures),
      line('  tracking record (memory)', result.trackingRecordWrite),
      line(`  tracking record (${users.database.startsWith('postgres') ? 'postgres' : 'PGlite'})`, result.trackingRecordWriteDurable),
      line('execute → processed', result.toProcessedMs, 'ms', 1_000),
      line('execute → confirmed', result.toConfirmedMs, 'ms', 1_000),
      '',
    ].join('\n'),
  )
  const file = join(ROOT, 'bench', 'results', `${result.date.slice(0, 10)}-${result.git.commit.slice(0, 7)}-execute-send.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  process.stdout.write(`written ${file}\n`)
  engine.stop()
  quiet.stop()
  await hole.close()
  await users.close()
  await localnet.close()
}

await main()
