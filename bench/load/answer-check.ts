/** Whether an HTTP answer of a load run counts as good: the same rule for every generator. */
import type { LoadTarget } from './load-run-spec.js'

type HttpAnswer = Extract<LoadTarget, { kind: 'http' }>['answer']

/** undefined when the answer is good, else what was wrong with it (for the log). */
export function getAnswerProblem(answer: HttpAnswer, statusCode: number, body: string): string | undefined {
  if (statusCode !== 200) return `HTTP ${statusCode}: ${body.slice(0, 200)}`
  // A JSON-RPC error is an HTTP 200 too; a simulation, failed or not, is a `result`.
  if (answer === 'json-rpc' && !body.includes('"result":')) return `JSON-RPC error: ${body.slice(0, 200)}`
  return undefined
}
