/**
 * A transaction error as Yellowstone carries it (`TransactionError.err`): Agave's
 * `TransactionError` enum serialized with bincode — a u32 little-endian variant index, then the
 * variant's fields (u8 indexes, a u32 custom code).
 */
import type { InstructionErrorJson, TransactionErrorJson } from '../../lib/transaction-error.js'

// Agave's TransactionError variants in declaration order (the bincode index).
const TRANSACTION_ERROR_VARIANTS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'InstructionError',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'DuplicateInstruction',
  'InsufficientFundsForRent',
  'MaxLoadedAccountsDataSizeExceeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'ResanitizationNeeded',
  'ProgramExecutionTemporarilyRestricted',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

// Agave's InstructionError variants in declaration order.
const INSTRUCTION_ERROR_VARIANTS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'Custom',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'BorshIoError',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
] as const

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]
}

function variant(list: readonly string[], name: string): number[] {
  const index = list.indexOf(name)
  // An error name this table does not know (a newer LiteSVM) still round-trips as the generic one.
  return u32(index >= 0 ? index : 0)
}

function toInstructionErrorBytes(err: InstructionErrorJson): number[] {
  if (typeof err === 'string') return variant(INSTRUCTION_ERROR_VARIANTS, err)
  if ('Custom' in err) return [...variant(INSTRUCTION_ERROR_VARIANTS, 'Custom'), ...u32(err.Custom)]
  // Agave 3 made BorshIoError a unit variant (the text is gone), as the client's decoder expects.
  return variant(INSTRUCTION_ERROR_VARIANTS, 'BorshIoError')
}

/** The bincode bytes of a transaction error, as Agave's geyser plugin sends them. */
export function toTransactionErrorBytes(err: TransactionErrorJson): Uint8Array {
  if (typeof err === 'string') return new Uint8Array(variant(TRANSACTION_ERROR_VARIANTS, err))
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError
    return new Uint8Array([...variant(TRANSACTION_ERROR_VARIANTS, 'InstructionError'), index, ...toInstructionErrorBytes(inner)])
  }
  if ('DuplicateInstruction' in err) {
    return new Uint8Array([...variant(TRANSACTION_ERROR_VARIANTS, 'DuplicateInstruction'), err.DuplicateInstruction])
  }
  if ('InsufficientFundsForRent' in err) {
    return new Uint8Array([...variant(TRANSACTION_ERROR_VARIANTS, 'InsufficientFundsForRent'), err.InsufficientFundsForRent.account_index])
  }
  return new Uint8Array([
    ...variant(TRANSACTION_ERROR_VARIANTS, 'ProgramExecutionTemporarilyRestricted'),
    err.ProgramExecutionTemporarilyRestricted.account_index,
  ])
}
