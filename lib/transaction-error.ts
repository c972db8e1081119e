/**
 * Solana's JSON shape of a transaction error (as `simulateTransaction` and `getSignatureStatuses`
 * return it), built from LiteSVM's native error objects. Shared by localnet's RPC and the engine.
 */
import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  type NativeTransactionError,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from './native-svm.js'

/** TransactionError variants without fields, in the order of Agave's enum (LiteSVM's numbering). */
export const TRANSACTION_ERROR_NAMES = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

/** InstructionError variants without fields, in the order of Agave's enum. */
export const INSTRUCTION_ERROR_NAMES = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync',
  'InvalidError', 'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId', 'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded',
  'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded', 'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar',
  'IllegalOwner', 'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const

export type RpcInstructionError = string | { Custom: number } | { BorshIoError: string }
export type RpcTransactionError =
  | string
  | { InstructionError: [number, RpcInstructionError] }
  | { InsufficientFundsForRent: { account_index: number } }
  | { DuplicateInstruction: number }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } }

/** Solana's JSON shape of one instruction error. */
export function toRpcInstructionError(err: unknown): RpcInstructionError {
  if (typeof err === 'number') return INSTRUCTION_ERROR_NAMES[err] ?? `InstructionError${err}`
  if (err instanceof InstructionErrorCustom) return { Custom: err.code }
  if (err instanceof InstructionErrorBorshIo) return { BorshIoError: err.msg }
  return String(err)
}

/** Solana's JSON shape of a native LiteSVM transaction error. */
export function toRpcTransactionError(err: NativeTransactionError): RpcTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERROR_NAMES[err] ?? `TransactionError${err}`
  if (err instanceof TransactionErrorInstructionError) {
    return { InstructionError: [err.index, toRpcInstructionError(err.err())] }
  }
  if (err instanceof TransactionErrorInsufficientFundsForRent) {
    return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  }
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  }
  return String(err)
}
