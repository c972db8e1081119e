/**
 * What each path sends (the mix as REST bodies, JSON-RPC bodies or gRPC requests), and a check,
 * before anything is timed, that every entry gets its expected outcome through that path.
 */
import { createGrpcEngineClient } from '../../edge/engine-client.js'
import { LoadBenchError } from './load-bench-error.js'
import type { LoadMix, LoadMixEntry } from './load-mix.js'
import type { LoadTarget } from './load-run-spec.js'
import type { RunnablePath } from './load-settings.js'
import type { LoadStack } from './load-stack.js'

export const SIMULATE_PATH = '/api/v1/solana/tx/simulate'

/** The load target of `path` for `mix`. */
export function createPathTarget(path: RunnablePath, stack: LoadStack, mix: LoadMix): LoadTarget {
  const replace = stack.replaceRecentBlockhash
  switch (path) {
    case 'rest':
      return {
        kind: 'http',
        origin: stack.restOrigin,
        path: SIMULATE_PATH,
        bodies: mix.entries.map((entry) => JSON.stringify({ transaction: entry.base64, ...(replace ? { replace_recent_blockhash: true } : {}) })),
        answer: 'rest',
        headers: stack.restHeaders,
      }
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
      return { kind: 'grpc', address: stack.grpcAddress, transactions: mix.entries.map((entry) => entry.base64), replaceRecentBlockhash: replace }
  }
}

interface Outcome {
  success: boolean
  failureCode: string | null | undefined
}

async function postJson(target: Extract<LoadTarget, { kind: 'http' }>, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${target.origin}${target.path}`, { method: 'POST', headers: { ...target.headers, 'content-type': 'application/json' }, body })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

async function getOutcome(path: RunnablePath, target: LoadTarget, index: number, entry: LoadMixEntry): Promise<Outcome> {
  if (target.kind === 'grpc') {
    const client = createGrpcEngineClient(target.address)
    try {
      const response = await client.simulate(entry.bytes, { replaceRecentBlockhash: target.replaceRecentBlockhash })
      return { success: response.success, failureCode: response.failure_code }
    } finally {
      await client.close()
    }
  }
  const { status, json } = await postJson(target, target.bodies[index] as string)
  if (status !== 200) throw new LoadBenchError(`${path} / ${entry.name}: HTTP ${status} ${JSON.stringify(json).slice(0, 300)}`)
  if (path === 'rest') return { success: json.success === true, failureCode: json.failure_code as string | null }
  const result = json.result as { value?: { err: unknown } } | undefined
  if (!result?.value) throw new LoadBenchError(`${path} / ${entry.name}: no result: ${JSON.stringify(json).slice(0, 300)}`)
  // JSON-RPC has no failure codes: only whether the simulation failed.
  return { success: result.value.err === null, failureCode: undefined }
}

/** Throws a LoadBenchError unless every mix entry gets its expected outcome through `path`. */
export async function assertPathAnswers(path: RunnablePath, target: LoadTarget, mix: LoadMix): Promise<void> {
  for (const [index, entry] of mix.entries.entries()) {
    const outcome = await getOutcome(path, target, index, entry)
    const codeMatches = outcome.failureCode === undefined || outcome.failureCode === entry.failureCode
    if (outcome.success !== entry.success || !codeMatches) {
      const got = outcome.success ? 'success' : `failure ${outcome.failureCode ?? ''}`
      throw new LoadBenchError(`${path} / ${entry.name}: answered ${got}; expected ${entry.success ? 'success' : `failure ${entry.failureCode}`}`)
    }
  }
}
