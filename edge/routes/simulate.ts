/** `POST /api/v1/solana/tx/simulate` (SPEC 2.6, 2.11, 4.3): either credential; history recorded off the hot path. */
import type { FastifyInstance } from 'fastify'
import { createServiceError } from '../../lib/errors.js'
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../engine/simulate/simulate-options.js'
import { type Vector, VECTORS } from '../../engine/simulate/simulate-types.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { decodeBase64Transaction, MAX_TRANSACTION_BASE64_LENGTH } from '../transaction-base64.js'
import { toSimulationRecord } from '../usage/to-simulation-record.js'
import { attachTransactionBytes } from '../usage/transaction-signature.js'

interface SimulateBody {
  transaction: string
  vectors?: Vector[]
  timeout_ms?: number
  replace_recent_blockhash?: boolean
  policy?: string | Record<string, unknown>
}

export const simulateBodySchema = {
  type: 'object',
  required: ['transaction'],
  additionalProperties: false,
  properties: {
    // Too long a transaction is invalid_transaction (decoded below); BODY_LIMIT_BYTES caps the string.
    transaction: { type: 'string', minLength: 1 },
    vectors: { type: 'array', items: { type: 'string', enum: [...VECTORS] }, maxItems: VECTORS.length, uniqueItems: true },
    timeout_ms: { type: 'integer', minimum: MIN_TIMEOUT_MS, maximum: MAX_TIMEOUT_MS },
    replace_recent_blockhash: { type: 'boolean' },
    // Accepted for forward compatibility; policies take effect with the execute issue.
    policy: { anyOf: [{ type: 'string', enum: ['default', 'strict', 'permissive'] }, { type: 'object' }] },
  },
} as const

/** Registers the simulate route. */
export function registerSimulateRoute(app: FastifyInstance, { engine, auth, history, now }: EdgeContext): void {
  app.post<{ Body: SimulateBody }>(
    '/api/v1/solana/tx/simulate',
    { onRequest: auth.either, schema: { body: simulateBodySchema } },
    async (request) => {
      const body = request.body
      if (body.transaction.length > MAX_TRANSACTION_BASE64_LENGTH) {
        throw createServiceError('invalid_transaction', "transaction: longer than 1232 bytes (Solana's packet size)")
      }
      const transaction = decodeBase64Transaction(body.transaction)
      if (!transaction) throw createServiceError('invalid_transaction', 'transaction: not valid base64')
      const response = await engine.simulate(transaction, {
        vectors: body.vectors,
        timeoutMs: body.timeout_ms,
        replaceRecentBlockhash: body.replace_recent_blockhash,
      })
      const principal = getPrincipal(request)
      const record = toSimulationRecord(response, principal, now(), null)
      // base58 is too slow for the request path: the signature is filled in when history flushes.
      attachTransactionBytes(record, transaction)
      history.push(record)
      return response
    },
  )
}
