/**
 * What each door is sent, built once from the unique transactions: REST bodies (one transaction
 * each), simulate-batch bodies, and gRPC messages (5-byte prefix + encoded SimulateRequest, for
 * raw HTTP/2 clients). Every request asks for the latest blockhash: localnet runs apart with its
 * slots advancing, so a transaction's own blockhash expires within the run.
 */
import { loadEngineProto } from '../../lib/grpc/load-proto.js'
import { toGrpcFrame } from '../support/grpc-frame.js'
import type { UniqueTransaction } from './unique-transactions.js'

export const SIMULATE_PATH = '/api/v1/solana/tx/simulate'
export const BATCH_PATH = '/api/v1/solana/tx/simulate-batch'
export const STREAM_PATH = '/api/v1/solana/stream'
export const GRPC_SIMULATE_PATH = '/preflight.engine.v1.Engine/Simulate'

/** REST simulate bodies, one per transaction. */
export function toRestBodies(transactions: readonly UniqueTransaction[]): string[] {
  return transactions.map((tx) => JSON.stringify({ transaction: tx.base64, replace_recent_blockhash: true }))
}

/** Simulate-batch bodies of `size` consecutive transactions each (wrapping around), `count` of them. */
export function toBatchBodies(transactions: readonly UniqueTransaction[], size: number, count: number): string[] {
  return Array.from({ length: count }, (_, batch) => {
    const items = Array.from(
      { length: size },
      (_, i) => (transactions[(batch * size + i) % transactions.length] as UniqueTransaction).base64,
    )
    return JSON.stringify({ transactions: items, replace_recent_blockhash: true })
  })
}

/** The framed SimulateRequest of `transaction` (what grpc-js would send). */
export function toGrpcRequestFrame(transaction: UniqueTransaction): Buffer {
  const method = loadEngineProto().preflight.engine.v1.Engine.service.Simulate
  const message = method.requestSerialize({
    transaction: Buffer.from(transaction.bytes),
    vectors: [],
    timeout_ms: 0,
    replace_recent_blockhash: true,
  })
  return toGrpcFrame(message)
}
