/**
 * The engine's gRPC port for co-located clients (proto/engine.proto, docs/api.md#direct-grpc), with
 * the API key as `x-api-key` metadata: charged and recorded as REST is. Needs the optional peer
 * dependencies @grpc/grpc-js and @grpc/proto-loader. Answers are the proto messages as
 * @grpc/proto-loader decodes them (field names as in the REST answers, u64 as decimal strings, JSON
 * values as their `*_json` text).
 */
import { PreflightError } from '../errors.js'
import { fromBase64 } from '../base64.js'
import { ENGINE_DESCRIPTOR } from '../generated/engine-descriptor.js'
import { toBase64Transaction, type TransactionInput } from '../transaction-input.js'
import { fromGrpcError } from './grpc-error.js'

/** A decoded proto message. */
export type GrpcMessage = Record<string, unknown>

export interface GrpcClientOptions {
  /** host:port of the engine's gRPC port (ENGINE_GRPC_PORT). */
  address: string
  apiKey: string
  /** TLS or not: a grpc.ChannelCredentials; plaintext (insecure) when left out, as on a private network. */
  credentials?: unknown
}

export interface GrpcCallOptions {
  deadlineMs?: number
  signal?: AbortSignal
}

export interface GrpcSimulateOptions {
  vectors?: string[]
  timeout_ms?: number
  replace_recent_blockhash?: boolean
  /** A preset name or an object of policy fields. */
  policy?: unknown
}

export interface GrpcWatch extends AsyncIterable<GrpcMessage> {
  /** Stops the watch (cancels the call). */
  cancel(): void
}

export interface PreflightGrpcClient {
  simulate(transaction: TransactionInput, options?: GrpcSimulateOptions, call?: GrpcCallOptions): Promise<GrpcMessage>
  execute(
    transaction: TransactionInput,
    policyOverrides?: unknown,
    options?: { wait_confirmation?: boolean } & GrpcCallOptions,
  ): Promise<GrpcMessage>
  send(
    transaction: TransactionInput,
    options?: { use_relay?: boolean; wait_confirmation?: boolean; max_retries?: number } & GrpcCallOptions,
  ): Promise<GrpcMessage>
  submit(
    transaction: TransactionInput,
    options: { strategy: string; tip_lamports?: number; wait_confirmation?: boolean; deadline_ms?: number } & GrpcCallOptions,
  ): Promise<GrpcMessage>
  tips(call?: GrpcCallOptions): Promise<GrpcMessage>
  getTransaction(signature: string, call?: GrpcCallOptions): Promise<GrpcMessage>
  approvals(wallet: string, call?: GrpcCallOptions): Promise<GrpcMessage>
  health(call?: GrpcCallOptions): Promise<GrpcMessage>
  /** WatchEvents: `{watch_id, simulation}` first and on each update, `{watch_id, end_reason}` last. */
  watch(transaction: TransactionInput, options?: GrpcSimulateOptions): GrpcWatch
  close(): void
}

type Callback = (error: unknown, response: GrpcMessage) => void
interface UnaryCall {
  cancel(): void
}
interface StreamCall extends AsyncIterable<GrpcMessage> {
  cancel(): void
}
type Stub = Record<string, (request: GrpcMessage, metadata: unknown, options: { deadline?: Date }, callback: Callback) => UnaryCall> & {
  Watch(request: GrpcMessage, metadata: unknown): StreamCall
  close(): void
}

interface GrpcModule {
  Metadata: new () => { set(key: string, value: string): void }
  credentials: { createInsecure(): unknown }
  loadPackageDefinition(definition: unknown): Record<string, unknown>
}

async function loadGrpc(): Promise<{ grpc: GrpcModule; fromJSON(json: unknown, options: object): unknown }> {
  try {
    const grpcModule = (await import('@grpc/grpc-js')) as unknown as GrpcModule & { default?: GrpcModule }
    const loader = (await import('@grpc/proto-loader')) as unknown as {
      fromJSON(json: unknown, options: object): unknown
      default?: { fromJSON(json: unknown, options: object): unknown }
    }
    return { grpc: grpcModule.default ?? grpcModule, fromJSON: (loader.default ?? loader).fromJSON }
  } catch (error) {
    throw new PreflightError({
      code: 'invalid_input',
      message: 'solana-preflight/grpc needs @grpc/grpc-js and @grpc/proto-loader (npm install @grpc/grpc-js @grpc/proto-loader)',
      cause: error,
    })
  }
}

function toSimulateRequest(transaction: TransactionInput, options: GrpcSimulateOptions): GrpcMessage {
  return {
    transaction: fromBase64(toBase64Transaction(transaction)),
    vectors: options.vectors ?? [],
    timeout_ms: options.timeout_ms ?? 0,
    replace_recent_blockhash: options.replace_recent_blockhash ?? false,
    policy_json: options.policy === undefined ? '' : JSON.stringify(options.policy),
  }
}

/** Connects to the engine's gRPC port (lazily, at the first call). */
export async function createGrpcClient(options: GrpcClientOptions): Promise<PreflightGrpcClient> {
  const { grpc, fromJSON } = await loadGrpc()
  const definition = fromJSON(ENGINE_DESCRIPTOR, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true })
  const loaded = grpc.loadPackageDefinition(definition) as {
    preflight: { engine: { v1: { Engine: new (address: string, credentials: unknown) => Stub } } }
  }
  const stub = new loaded.preflight.engine.v1.Engine(options.address, options.credentials ?? grpc.credentials.createInsecure())
  const metadata = () => {
    const value = new grpc.Metadata()
    value.set('x-api-key', options.apiKey)
    return value
  }

  const unary = (method: string, request: GrpcMessage, call: GrpcCallOptions = {}): Promise<GrpcMessage> =>
    new Promise((resolve, reject) => {
      const deadline = call.deadlineMs === undefined ? {} : { deadline: new Date(Date.now() + call.deadlineMs) }
      const pending = (stub[method] as Stub[string])(request, metadata(), deadline, (error, response) => {
        call.signal?.removeEventListener('abort', onAbort)
        if (error)
          reject(
            call.signal?.aborted
              ? new PreflightError({ code: 'aborted', message: 'the call was aborted', cause: error })
              : fromGrpcError(error),
          )
        else resolve(response)
      })
      const onAbort = () => pending.cancel()
      call.signal?.addEventListener('abort', onAbort, { once: true })
    })

  return {
    simulate: (transaction, simulateOptions = {}, call) => unary('Simulate', toSimulateRequest(transaction, simulateOptions), call),
    execute: (transaction, policyOverrides, { wait_confirmation, ...call } = {}) =>
      unary(
        'Execute',
        {
          transaction: fromBase64(toBase64Transaction(transaction)),
          policy_json: policyOverrides === undefined ? '' : JSON.stringify(policyOverrides),
          wait_confirmation: wait_confirmation ?? false,
        },
        call,
      ),
    send: (transaction, { use_relay, wait_confirmation, max_retries, ...call } = {}) =>
      unary(
        'Send',
        {
          transaction: fromBase64(toBase64Transaction(transaction)),
          use_relay: use_relay ?? false,
          wait_confirmation: wait_confirmation ?? false,
          ...(max_retries === undefined ? {} : { max_retries }),
        },
        call,
      ),
    submit: (transaction, { strategy, tip_lamports, wait_confirmation, deadline_ms, ...call }) =>
      unary(
        'Submit',
        {
          transaction: fromBase64(toBase64Transaction(transaction)),
          strategy,
          wait_confirmation: wait_confirmation ?? false,
          ...(tip_lamports === undefined ? {} : { tip_lamports: String(tip_lamports) }),
          ...(deadline_ms === undefined ? {} : { deadline_ms }),
        },
        call,
      ),
    tips: (call) => unary('GetTips', {}, call),
    getTransaction: (signature, call) => unary('GetTransaction', { signature }, call),
    approvals: (wallet, call) => unary('ScanApprovals', { wallet }, call),
    health: (call) => unary('Health', {}, call),
    watch(transaction, simulateOptions = {}) {
      const call = stub.Watch(toSimulateRequest(transaction, simulateOptions), metadata())
      return {
        cancel: () => call.cancel(),
        async *[Symbol.asyncIterator]() {
          try {
            for await (const event of call) yield event
          } catch (error) {
            // Cancelling is how a watch is stopped: not an error for the reader.
            if ((error as { code?: number }).code !== 1) throw fromGrpcError(error)
          }
        },
      }
    },
    close: () => stub.close(),
  }
}
