/** Open loop over HTTP (REST or JSON-RPC) with an undici Pool: requests leave on the fixed schedule. */
import { Pool } from 'undici'
import { getAnswerProblem } from './answer-check.js'
import type { LoadRunSpec, LoadTarget, WindowHooks } from './load-run-spec.js'
import { runOpenLoop, type OpenLoopOutcome } from './open-loop.js'

type OpenSpec = Extract<LoadRunSpec, { mode: 'open' }>

/** Runs `spec` against `target`; a pool of `spec.connections` keeps a slow answer from holding the schedule. */
export async function runHttpOpenLoop(
  spec: OpenSpec,
  target: Extract<LoadTarget, { kind: 'http' }>,
  hooks: WindowHooks,
): Promise<OpenLoopOutcome> {
  const pool = new Pool(target.origin, { connections: spec.connections, pipelining: 1 })
  const bodies = target.bodies.map((body) => Buffer.from(body))
  const headers = { ...target.headers, 'content-type': 'application/json' }
  let abandoned = false
  try {
    return await runOpenLoop({
      ...hooks,
      ratePerS: spec.ratePerS,
      warmupMs: spec.warmupMs,
      durationS: spec.durationS,
      drainTimeoutMs: spec.drainTimeoutMs,
      async send(index) {
        const body = bodies[index % bodies.length] as Buffer
        const answer = await pool.request({ path: target.path, method: 'POST', headers, body })
        return getAnswerProblem(target, answer.statusCode, await answer.body.text())
      },
      abandon() {
        abandoned = true
        pool.destroy().catch(() => undefined)
      },
    })
  } finally {
    if (!abandoned) await pool.close()
  }
}
