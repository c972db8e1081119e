/** The outcome of running a transaction, read out of LiteSVM's result classes once. */
import type { Address } from '@solana/kit'
import type { FailedTransactionMetadata, SimulatedTransactionInfo, TransactionMetadata } from '../../lib/native-svm.js'
import { fromAddressBytes } from './local-account.js'
import { fromNativeTransactionError, type TransactionErrorJson } from '../../lib/transaction-error.js'

export type CompiledInnerInstruction = {
  readonly programIdIndex: number
  readonly accounts: readonly number[]
  readonly data: Uint8Array
  readonly stackHeight: number
}

/** Inner instructions of one top-level instruction, as Agave groups them. */
export type InnerInstructions = { readonly index: number; readonly instructions: readonly CompiledInnerInstruction[] }

export type ExecutionResult = {
  readonly signature: string
  readonly err: TransactionErrorJson | null
  readonly logs: readonly string[]
  readonly unitsConsumed: bigint
  readonly returnData: { readonly programId: Address; readonly data: Uint8Array } | null
  /** Only read out when asked for (it costs a walk over every CPI). */
  readonly innerInstructions: readonly InnerInstructions[] | null
}

type NativeResult = TransactionMetadata | SimulatedTransactionInfo | FailedTransactionMetadata

/** Whether LiteSVM reported a failure. */
export function isFailedResult(result: NativeResult): result is FailedTransactionMetadata {
  return result.constructor.name === 'FailedTransactionMetadata'
}

function getMeta(result: NativeResult): TransactionMetadata {
  return 'meta' in result ? result.meta() : result
}

function readInnerInstructions(meta: TransactionMetadata): InnerInstructions[] {
  const out: InnerInstructions[] = []
  meta.innerInstructions().forEach((group, index) => {
    // Agave leaves out top-level instructions that made no CPI.
    if (group.length === 0) return
    const instructions = group.map((inner) => {
      const compiled = inner.instruction()
      return {
        programIdIndex: compiled.programIdIndex(),
        accounts: Array.from(compiled.accounts()),
        data: compiled.data(),
        stackHeight: inner.stackHeight(),
      }
    })
    out.push({ index, instructions })
  })
  return out
}

/** Reads a LiteSVM result into an ExecutionResult. */
export function toExecutionResult(result: NativeResult, signature: string, options: { innerInstructions: boolean }): ExecutionResult {
  const meta = getMeta(result)
  const returned = meta.returnData()
  const returnedData = returned.data()
  return {
    signature,
    err: isFailedResult(result) ? fromNativeTransactionError(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    // Agave reports no return data (null) unless a program set some.
    returnData: returnedData.length > 0 ? { programId: fromAddressBytes(returned.programId()), data: returnedData } : null,
    innerInstructions: options.innerInstructions ? readInnerInstructions(meta) : null,
  }
}

/** A result for a transaction the chain refused before LiteSVM ran it. */
export function toRejectedResult(signature: string, err: TransactionErrorJson): ExecutionResult {
  return { signature, err, logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: null }
}
