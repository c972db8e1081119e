/**
 * What each path sends (the mix as REST bodies, JSON-RPC bodies, gRPC requests, WebSocket
 * messages or one batch body), and a check, before anything is timed, that every entry gets its
 * expected outcome through that path.
 */
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { LoadBenchError } from './load-bench-error.js'
import type { LoadMix, LoadMixEntry } from './load-mix.js'
import type { LoadTarget } from './load-run-spec.js'
import type { RunnablePath } from './load-settings.js'
import type { LoadStack } from './load-stack.js'
import { getWebSocketOutcomes, type Outcome } from './websocket-outcomes.js'

export const SIMULATE_PATH = '/api/v1/solana/tx/simulate'
export const BATCH_PATH = '/api/v1/solana/tx/simulate-batch'
export const STREAM_PATH = '/api/v1/solana/stream'

export interface PathTargetOptions {
  /** Transactions in the batch path's one request (the mix repeated). */
  batchSize: number
  /** Sockets of the WebSocket paths. */
  wsSockets: number
}

type HttpTarget = Extract<LoadTarget, { kind: 'http' }>

/** The mix entry batch item `index` is: the mix repeated in order. */
function getBatchEntry(mix: LoadMix, index: number): LoadMixEntry {
  return mix.entries[index % mix.entries.length] as LoadMixEntry
}

function createBatchTarget(stack: LoadStack, mix: LoadMix, size: number): HttpTarget {
  const items = Array.from({ length: size }, (_, index) => getBatchEntry(mix, index))
  const succeeded = items.filter((entry) => entry.success).length
  return {
    kind: 'http',
    origin: stack.restOrigin,
    path: BATCH_PATH,
    bodies: [
      JSON.stringify({
        transactions: items.map((entry) => entry.base64),
        ...(stack.replaceRecentBlockhash ? { replace_recent_blockhash: true } : {}),
      }),
    ],
    answer: 'rest',
    headers: stack.restHeaders,
    // The route writes the counts last: an item that could not be simulated shows in them.
    expectEnd: `"total":${size},"succeeded":${succeeded},"failed":${size - succeeded}}`,
  }
}

/** The load target of `path` for `mix`. */
export function createPathTarget(path: RunnablePath, stack: LoadStack, mix: LoadMix, options: PathTargetOptions): LoadTarget {
  const replace = stack.replaceRecentBlockhash
  const transactions = mix.entries.map((entry) => entry.base64)
  switch (path) {
    case 'rest':
      return {
        kind: 'http',
        origin: stack.restOrigin,
        path: SIMULATE_PATH,
        bodies: mix.entries.map((entry) =>
          JSON.stringify({ transaction: entry.base64, ...(replace ? { replace_recent_blockhash: true } : {}) }),
        ),
        answer: 'rest',
        headers: stack.restHeaders,
      }
    case 'batch':
      return createBatchTarget(stack, mix, options.batchSize)
    case 'json-rpc': {
      const url = new URL(stack.rpcUrl)
      return {
        kind: 'http',
        origin: url.origin,
        path: url.pathname,
        bodies: mix.entries.map((entry) =>
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'simulateTransaction',
            params: [entry.base64, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: replace }],
          }),
        ),
        answer: 'json-rpc',
      }
    }
    case 'grpc':
      return {
        kind: 'grpc',
        address: stack.grpcAddress,
        transactions,
        replaceRecentBlockhash: replace,
        apiKey: stack.restHeaders['x-api-key'],
      }
    case 'websocket':
    case 'websocket-msgpack':
      return {
        kind: 'websocket',
        url: `${stack.restOrigin.replace(/^http/, 'ws')}${STREAM_PATH}`,
        headers: stack.restHeaders,
        transactions,
        replaceRecentBlockhash: replace,
        format: path === 'websocket' ? 'json' : 'msgpack',
        sockets: options.wsSockets,
      }
  }
}

async function postJson(target: HttpTarget, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${target.origin}${target.path}`, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

/** Every mix entry's outcome through `path`, in the mix's order (the batch: every item's, in its order). */
async function getOutcomes(path: RunnablePath, target: LoadTarget, mix: LoadMix): Promise<Array<[LoadMixEntry, Outcome]>> {
  if (target.kind === 'websocket') {
    const outcomes = await getWebSocketOutcomes(target, mix.entries.length)
    return mix.entries.map((entry, index) => [entry, outcomes[index] as Outcome])
  }
  if (target.kind === 'grpc') {
    const client = createGrpcEngineClient(target.address, { apiKey: target.apiKey })
    try {
      const outcomes: Array<[LoadMixEntry, Outcome]> = []
      for (const entry of mix.entries) {
        const response = await client.simulate(entry.bytes, { replaceRecentBlockhash: target.replaceRecentBlockhash })
        outcomes.push([entry, { success: response.success, failureCode: response.failure_code, cached: response.cached }])
      }
      return outcomes
    } catch (error) {
      throw new LoadBenchError(`${path}: ${(error as Error).message}`)
    } finally {
      await client.close()
    }
  }
  const outcomes: Array<[LoadMixEntry, Outcome]> = []
  for (const [index, body] of target.bodies.entries()) {
    const { status, json } = await postJson(target, body)
    if (status !== 200) throw new LoadBenchError(`${path}: HTTP ${status} ${JSON.stringify(json).slice(0, 300)}`)
    if (path === 'batch') {
      const results = json.results as Array<{
        index: number
        success?: boolean
        failure_code?: string | null
        cached?: boolean
        error?: { code: string }
      }>
      for (const [position, item] of results.entries()) {
        const entry = getBatchEntry(mix, position)
        if (item.index !== position || item.error)
          throw new LoadBenchError(`${path} / item ${position} (${entry.name}): ${JSON.stringify(item).slice(0, 300)}`)
        outcomes.push([entry, { success: item.success === true, failureCode: item.failure_code, cached: item.cached === true }])
      }
      continue
    }
    const entry = mix.entries[index] as LoadMixEntry
    if (path === 'rest') {
      outcomes.push([
        entry,
        { success: json.success === true, failureCode: json.failure_code as string | null, cached: json.cached === true },
      ])
      continue
    }
    const result = json.result as { value?: { err: unknown } } | undefined
    if (!result?.value) throw new LoadBenchError(`${path} / ${entry.name}: no result: ${JSON.stringify(json).slice(0, 300)}`)
    // JSON-RPC has no failure codes: only whether the simulation failed.
    outcomes.push([entry, { success: result.value.err === null, failureCode: undefined }])
  }
  return outcomes
}

/**
 * Throws a LoadBenchError unless every mix entry gets its expected outcome through `path`, twice
 * over; returns how many answers came from the service's result cache (the second round is where a
 * service with the cache on shows it: the runs would then time cache hits).
 */
export async function assertPathAnswers(path: RunnablePath, target: LoadTarget, mix: LoadMix): Promise<{ cachedAnswers: number }> {
  let cachedAnswers = 0
  for (let round = 0; round < 2; round++) {
    for (const [entry, outcome] of await getOutcomes(path, target, mix)) {
      const codeMatches = outcome.failureCode === undefined || outcome.failureCode === entry.failureCode
      if (outcome.success !== entry.success || !codeMatches) {
        const got = outcome.success ? 'success' : `failure ${outcome.failureCode ?? ''}`
        throw new LoadBenchError(
          `${path} / ${entry.name}: answered ${got}; expected ${entry.success ? 'success' : `failure ${entry.failureCode}`}`,
        )
      }
      if (outcome.cached) cachedAnswers++
    }
  }
  return { cachedAnswers }
}
