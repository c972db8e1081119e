/**
 * Builds the timed paths of one case and validates each of them once first: every path must
 * simulate the transaction successfully, with the engine's compute units, before it is timed, so a
 * broken path cannot report a fast failure. A validation failure aborts the benchmark.
 */
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import { FailedTransactionMetadata } from 'litesvm'
import { isNativeFailure } from '../../lib/native-svm.js'
import type { Engine } from '../../engine/engine.js'
import type { SimulateOptions } from '../../engine/contract/simulate-request.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'

const SIMULATION_ONLY: SimulateOptions = { vectors: ['simulation'] }
import type { Principal } from '../../callers/authenticator.js'
import type { BenchJournal } from './bench-journal.js'
import type { BenchAuthenticator } from './bench-authenticator.js'
import type { BenchCase } from './bench-cases.js'
import { EXTRA_PATHS, type BenchSettings, type PathName } from './bench-settings.js'
import { copyEngineAccounts, createFloorSvm, createPublicLiteSvm } from './floor-svm.js'
import { readNativeResult, readNeededNativeResult } from './native-result-reads.js'
import type { ExternalClient } from './external-client.js'
import type { HttpFloorServer } from './http-floor-server.js'
import type { KeepAliveClient } from './keep-alive-client.js'
import type { BenchPath, PathCall } from './path-runner.js'

export interface BenchContext {
  engine: Engine
  /** REST requests with the API key (`x-api-key`). */
  rest: KeepAliveClient
  /** The same requests with the access token (`authorization: Bearer`). */
  restBearer: KeepAliveClient
  /** The same requests as `rest` from a client in its own process. */
  restExternal: ExternalClient
  httpFloor: HttpFloorServer
  httpFloorClient: KeepAliveClient
  /** The edge's authenticator alone, warm. */
  auth: BenchAuthenticator
  /** The history journal alone. */
  journal: BenchJournal
}

export interface CaseValidation {
  computeUnits: number
  feeLamports: number | undefined
  decision: string
  /** Accounts copied into the floor SVM (programs included, builtins and sysvars excluded). */
  accountsCopied: number
  missingAccounts: number
  restResponseBytes: number
}

/** Counters checked after the run: a warm, honest run leaves them at zero. */
export interface CaseCounters {
  restNon200: number
  httpFloorNon200: number
}

export class BenchValidationError extends Error {
  constructor(caseName: string, path: PathName, detail: string) {
    super(`${caseName} / ${path}: ${detail}`)
    this.name = 'BenchValidationError'
  }
}

function assertEngineSuccess(caseName: string, path: PathName, response: SimulateResponse): number {
  if (!response.success || response.compute_units === null || response.compute_units <= 0) {
    const reason = response.failure_reason ?? `compute_units=${response.compute_units}`
    throw new BenchValidationError(caseName, path, `simulation did not succeed (${response.failure_code ?? 'no code'}: ${reason})`)
  }
  if (response.cached)
    throw new BenchValidationError(caseName, path, 'answered from the result cache: the engine must run with RESULT_CACHE_MAX_ENTRIES=0')
  return response.compute_units
}

/** Validates every selected path of `benchCase` once and returns what to time. */
export async function createCasePaths(
  context: BenchContext,
  benchCase: BenchCase,
  settings: BenchSettings,
): Promise<{ paths: BenchPath[]; validation: CaseValidation; counters: CaseCounters }> {
  const { engine } = context
  const { name: caseName, bytes, restBody } = benchCase
  const selected = new Set(settings.paths)
  const counters: CaseCounters = { restNon200: 0, httpFloorNon200: 0 }

  // The engine first: its first call fills the cache (the only cold call of the run).
  const first = await engine.simulate(bytes)
  const computeUnits = assertEngineSuccess(caseName, 'engine', first)
  assertEngineSuccess(caseName, 'engine', await engine.simulate(bytes))
  const unitsMismatch = (path: PathName, units: bigint | number) => {
    if (Number(units) !== computeUnits)
      throw new BenchValidationError(caseName, path, `compute units ${units}, engine says ${computeUnits}`)
  }

  const copied = copyEngineAccounts(engine, bytes)
  const floorSvm = createFloorSvm(engine, copied)
  const floorResult = floorSvm.simulateVersionedTransaction(bytes)
  if (isNativeFailure(floorResult))
    throw new BenchValidationError(caseName, 'svm-floor', `simulation failed: ${floorResult.meta().logs().join(' | ')}`)
  unitsMismatch('svm-floor', floorResult.meta().computeUnitsConsumed())

  const assertRestAnswer = async (path: PathName, client: KeepAliveClient) => {
    const answer = await client.post(restBody, true)
    const json = JSON.parse(answer.body.toString('utf8')) as Partial<SimulateResponse>
    if (answer.status !== 200 || json.success !== true) {
      throw new BenchValidationError(caseName, path, `HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`)
    }
    unitsMismatch(path, json.compute_units ?? -1)
    return answer
  }
  const restAnswer = await assertRestAnswer('rest', context.rest)
  if (selected.has('rest-bearer')) await assertRestAnswer('rest-bearer', context.restBearer)
  // The auth rows must time the warm answer: a principal at once, not a promise (a cache miss).
  const assertWarmPrincipal = (path: PathName, authenticate: () => Principal | Promise<Principal>, apiKey: boolean) => {
    const principal = authenticate()
    if (principal instanceof Promise) {
      principal.catch(() => undefined) // the run aborts on the miss itself; its outcome does not matter
      throw new BenchValidationError(caseName, path, 'answered with a promise: the credential is not cached')
    }
    if ((principal.apiKeyId !== null) !== apiKey)
      throw new BenchValidationError(caseName, path, `authenticated as ${JSON.stringify(principal)}`)
  }
  if (selected.has('auth-key')) assertWarmPrincipal('auth-key', context.auth.authenticateApiKey, true)
  if (selected.has('auth-bearer')) assertWarmPrincipal('auth-bearer', context.auth.authenticateBearer, false)

  const paths: BenchPath[] = []
  const add = (name: PathName, measures: string, run: PathCall) => {
    if (!selected.has(name)) return
    const extra = EXTRA_PATHS.has(name)
    paths.push({
      name,
      measures,
      run,
      iterations: extra ? settings.extraIterations : settings.iterations,
      warmup: extra ? settings.extraWarmup : settings.warmup,
    })
  }

  add('svm-floor', 'native LiteSvm.simulateVersionedTransaction(bytes), same accounts: the floor', {
    kind: 'sync',
    call: () => floorSvm.simulateVersionedTransaction(bytes),
  })
  add('svm-floor+read', 'the floor plus the native reads the engine makes of the result: meta, logs, units, each post account', {
    kind: 'sync',
    call: () => readNativeResult(floorSvm.simulateVersionedTransaction(bytes)),
  })
  add(
    'svm-floor+min-read',
    'the floor plus the native reads every successful simulate needs: meta, logs, units, each post account and its lamports',
    {
      kind: 'sync',
      call: () => readNeededNativeResult(floorSvm.simulateVersionedTransaction(bytes)),
    },
  )
  add('engine', 'await engine.simulate(bytes): decode, cache, SVM sync, simulate, all six vectors, policy, full response', {
    kind: 'async',
    call: () => engine.simulate(bytes),
  })
  add('engine-sim-only', "the same with vectors: ['simulation']: what the other five vectors add is engine − this", {
    kind: 'async',
    call: () => engine.simulate(bytes, SIMULATION_ONLY),
  })
  add('rest', 'POST /api/v1/solana/tx/simulate with X-API-Key over loopback keep-alive, edge + in-process engine', {
    kind: 'async',
    call: async () => {
      if ((await context.rest.post(restBody)).status !== 200) counters.restNon200++
    },
  })
  add('rest-bearer', 'the same POST with Authorization: Bearer <access token> instead of the API key', {
    kind: 'async',
    call: async () => {
      if ((await context.restBearer.post(restBody)).status !== 200) counters.restNon200++
    },
  })
  add('rest-ext', 'the same POST (API key) from a client in its own process: the server has a core to itself', {
    kind: 'external',
    call: async (count) => {
      const run = await context.restExternal.run(count, restBody)
      counters.restNon200 += run.non200
      return run
    },
  })
  add('http-floor', 'same client, headers and body, bare node:http server answering the REST response bytes', {
    kind: 'async',
    call: async () => {
      if ((await context.httpFloorClient.post(restBody)).status !== 200) counters.httpFloorNon200++
    },
  })
  add('auth-key', "the edge's authenticator alone, warm: authenticate(headers, 'either') with X-API-Key", {
    kind: 'sync',
    call: context.auth.authenticateApiKey,
  })
  add('auth-bearer', "the edge's authenticator alone, warm: authenticate(headers, 'either') with a bearer token", {
    kind: 'sync',
    call: context.auth.authenticateBearer,
  })
  add(
    'journal-append',
    'the history journal alone: one record appended (JSON line, one write(2)), what every simulate pays before its answer',
    {
      kind: 'sync',
      call: context.journal.append,
    },
  )

  if (selected.has('litesvm-public')) {
    const kitTransaction = getTransactionDecoder().decode(bytes)
    const publicSvm = createPublicLiteSvm(engine, copied)
    const result = publicSvm.simulateTransaction(kitTransaction)
    if (result instanceof FailedTransactionMetadata) throw new BenchValidationError(caseName, 'litesvm-public', 'simulation failed')
    unitsMismatch('litesvm-public', result.meta().computeUnitsConsumed())
    add('litesvm-public', "LiteSVM's public simulateTransaction(kit Transaction, decoded once): re-encodes", {
      kind: 'sync',
      call: () => publicSvm.simulateTransaction(kitTransaction),
    })
  }
  if (selected.has('kit-decode')) {
    const transactionDecoder = getTransactionDecoder()
    const messageDecoder = getCompiledTransactionMessageDecoder()
    const decode = () => messageDecoder.decode(transactionDecoder.decode(bytes).messageBytes)
    if (decode().staticAccounts.length === 0) throw new BenchValidationError(caseName, 'kit-decode', 'no accounts decoded')
    add('kit-decode', "@solana/kit's transaction + compiled message decoders (what the hand parser replaces)", {
      kind: 'sync',
      call: decode,
    })
  }

  context.httpFloor.setResponse(restAnswer.body)
  if (selected.has('http-floor')) {
    const floorAnswer = await context.httpFloorClient.post(restBody, true)
    if (floorAnswer.status !== 200 || !floorAnswer.body.equals(restAnswer.body)) {
      throw new BenchValidationError(caseName, 'http-floor', `HTTP ${floorAnswer.status}, body differs from the REST answer`)
    }
  }

  const validation: CaseValidation = {
    computeUnits,
    feeLamports: first.fee_details?.total_fee_lamports,
    decision: first.decision,
    accountsCopied: copied.accounts.length,
    missingAccounts: copied.missing,
    restResponseBytes: restAnswer.body.length,
  }
  return { paths, validation, counters }
}
