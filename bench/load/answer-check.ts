/** Whether an HTTP answer of a load run counts as good: the same rule for every generator. */
import type { LoadTarget } from './load-run-spec.js'

type HttpTarget = Extract<LoadTarget, { kind: 'http' }>

/** undefined when the answer is good, else what was wrong with it (for the log). */
export function getAnswerProblem(target: Pick<HttpTarget, 'answer' | 'expectEnd'>, statusCode: number, body: string): string | undefined {
  if (statusCode !== 200) return `HTTP ${statusCode}: ${body.slice(0, 200)}`
  // A JSON-RPC error is an HTTP 200 too; a simulation, failed or not, is a `result`.
  if (target.answer === 'json-rpc' && !body.includes('"result":')) return `JSON-RPC error: ${body.slice(0, 200)}`
  // A batch is a 200 even when items could not be simulated: its counts say so.
  if (target.expectEnd !== undefined && !body.endsWith(target.expectEnd))
    return `unexpected answer (want …${target.expectEnd}): …${body.slice(-200)}`
  return undefined
}
