/**
 * The simulate request (docs/api.md#simulate-request): as REST and the WebSocket take it (the
 * edge's body schema for simulate and, with its fields, batch, the stream's messages and execute),
 * and as the engine takes it in-process (SimulateOptions; over gRPC, proto/engine.proto's
 * SimulateRequest). The engine checks the same limits again for every transport
 * (engine/hot-path/simulate/simulate-options.ts): gRPC requests reach it unchecked.
 */
import { Type, type Static } from '@sinclair/typebox'
import { policySchema, type PolicyInput } from './policy-input.js'
import { VECTORS, vectorSchema, type Vector } from './vectors.js'

/** The server-side deadline's range (`timeout_ms`); the maximum is the default. */
export const MIN_TIMEOUT_MS = 50
export const MAX_TIMEOUT_MS = 800

export const simulateRequestSchema = Type.Object(
  {
    // Too long a transaction is invalid_transaction (edge/simulate/caller-simulator.ts); BODY_LIMIT_BYTES caps the string.
    transaction: Type.String({ minLength: 1 }),
    vectors: Type.Optional(Type.Array(vectorSchema, { maxItems: VECTORS.length, uniqueItems: true })),
    timeout_ms: Type.Optional(Type.Integer({ minimum: MIN_TIMEOUT_MS, maximum: MAX_TIMEOUT_MS })),
    replace_recent_blockhash: Type.Optional(Type.Boolean()),
    policy: Type.Optional(policySchema),
  },
  { additionalProperties: false },
)
export type SimulateRequest = Static<typeof simulateRequestSchema>

/** The request's options as the engine takes them (EngineClient, Engine.simulate): the transaction is passed as its wire bytes. */
export interface SimulateOptions {
  /** Vectors whose findings count toward risk and decision; default all. */
  vectors?: readonly Vector[]
  /** Server-side deadline, 50–800 ms. */
  timeoutMs?: number
  /** Simulate with the latest blockhash instead of the transaction's (as Solana's RPC option). */
  replaceRecentBlockhash?: boolean
  /** A preset name or the policy fields to change; the defaults otherwise. */
  policy?: PolicyInput
  /** Whose per-tenant program blocks apply (the authenticated user's id). */
  tenantId?: string
}
