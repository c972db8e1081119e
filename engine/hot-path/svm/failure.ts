/**
 * Maps a failed simulation to the failure codes of docs/api.md#failure-codes, with a reason a
 * trader can act on.
 */
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import type { FailureCode } from '../../contract/simulate-response.js'

export type { FailureCode }

export interface Failure {
  code: FailureCode
  reason: string
  isTerminal: boolean
}

/** Which codes are terminal (retrying the same transaction cannot help). */
const TERMINAL: Record<FailureCode, boolean> = {
  insufficient_sol: true,
  insufficient_token_balance: true,
  account_not_found: false,
  blockhash_expired: false,
  program_error: false,
}

/** What the classifier needs to know about the transaction besides its error. */
export interface FailureContext {
  /** Base58 address of account index `i` of the message. */
  getAddress(index: number): string
  /** Whether account index `i` does not exist on chain. */
  isMissing(index: number): boolean
  /** Program id index and account indexes of instruction `i`. */
  getInstruction(index: number): { programIdIndex: number; accountIndexes: ArrayLike<number> } | undefined
  logs: readonly string[]
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'])
/** System program: SystemError::ResultWithNegativeLamports. Token programs: TokenError::InsufficientFunds. */
const CUSTOM_INSUFFICIENT = 1
/** Instruction errors a program returns when handed an account that does not exist. */
const MISSING_ACCOUNT_SYMPTOMS = new Set([
  'InvalidAccountData',
  'UninitializedAccount',
  'IncorrectProgramId',
  'InvalidAccountOwner',
  'MissingAccount',
  'NotEnoughAccountKeys',
  'AccountNotExecutable',
])

/** Builds a failure with its code's terminal flag. */
export function createFailure(code: FailureCode, reason: string): Failure {
  return { code, reason, isTerminal: TERMINAL[code] }
}

function describeInstructionError(err: unknown): string {
  if (typeof err === 'string') return err
  if (err && typeof err === 'object' && 'Custom' in err) {
    const code = (err as { Custom: number }).Custom
    return `custom program error: 0x${code.toString(16)} (${code})`
  }
  return JSON.stringify(err)
}

/** The program's own last words: its last "Program log:" line before the failure, if any. */
function getLastProgramLog(logs: readonly string[]): string | undefined {
  for (let i = logs.length - 1; i >= 0; i--) {
    const line = logs[i] as string
    if (line.startsWith('Program log: ')) return line.slice('Program log: '.length)
  }
  return undefined
}

function classifyInstructionError(index: number, err: unknown, context: FailureContext): Failure {
  const instruction = context.getInstruction(index)
  const programId = instruction ? context.getAddress(instruction.programIdIndex) : 'unknown program'
  const described = describeInstructionError(err)
  const custom = err && typeof err === 'object' && 'Custom' in err ? (err as { Custom: number }).Custom : undefined
  if (programId === SYSTEM_PROGRAM && custom === CUSTOM_INSUFFICIENT) {
    return createFailure('insufficient_sol', `instruction ${index}: SOL transfer exceeds the sender's balance`)
  }
  if (TOKEN_PROGRAMS.has(programId) && custom === CUSTOM_INSUFFICIENT) {
    return createFailure('insufficient_token_balance', `instruction ${index}: token balance is insufficient`)
  }
  if (instruction && typeof err === 'string' && MISSING_ACCOUNT_SYMPTOMS.has(err)) {
    for (let i = 0; i < instruction.accountIndexes.length; i++) {
      const accountIndex = instruction.accountIndexes[i] as number
      if (context.isMissing(accountIndex)) {
        return createFailure(
          'account_not_found',
          `instruction ${index}: account ${context.getAddress(accountIndex)} does not exist (${err})`,
        )
      }
    }
  }
  const log = getLastProgramLog(context.logs)
  return createFailure('program_error', `instruction ${index}: program ${programId} failed: ${described}${log ? ` (${log})` : ''}`)
}

/** Classifies a transaction error returned by the SVM. */
export function classifyTransactionError(error: TransactionErrorJson, context: FailureContext): Failure {
  if (typeof error === 'string') {
    switch (error) {
      case 'InsufficientFundsForFee':
        return createFailure('insufficient_sol', `fee payer ${context.getAddress(0)} has too little SOL to pay the fee`)
      case 'AccountNotFound':
        return createFailure('insufficient_sol', `fee payer ${context.getAddress(0)} has no account (no SOL)`)
      case 'ProgramAccountNotFound':
      case 'InvalidProgramForExecution':
        return createFailure('account_not_found', `a program the transaction calls does not exist (${error})`)
      case 'AddressLookupTableNotFound':
        return createFailure('account_not_found', 'an address lookup table of the transaction does not exist')
      case 'BlockhashNotFound':
        return createFailure('blockhash_expired', 'the recent blockhash is too old; rebuild the transaction')
      default:
        return createFailure('program_error', `transaction rejected: ${error}`)
    }
  }
  if ('InstructionError' in error) {
    const [index, err] = error.InstructionError
    return classifyInstructionError(index, err, context)
  }
  if ('InsufficientFundsForRent' in error) {
    const accountIndex = error.InsufficientFundsForRent.account_index
    const address = context.getAddress(accountIndex)
    if (accountIndex === 0) {
      return createFailure('insufficient_sol', `fee payer ${address} would be left below the rent-exempt minimum`)
    }
    return createFailure('program_error', `account ${address} would be left below the rent-exempt minimum`)
  }
  return createFailure('program_error', `transaction rejected: ${JSON.stringify(error)}`)
}
