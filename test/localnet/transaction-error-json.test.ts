import t from 'tap'
import { fromNativeTransactionError, getTransactionErrorMessage, getTransactionErrorName } from '../../lib/transaction-error.js'

t.test('fieldless errors map by LiteSVM enum value to Agave names', async (t) => {
  t.equal(getTransactionErrorName(2), 'AccountNotFound')
  t.equal(getTransactionErrorName(4), 'InsufficientFundsForFee')
  t.equal(getTransactionErrorName(7), 'BlockhashNotFound')
  t.equal(getTransactionErrorName(34), 'CommitCancelled')
  t.equal(fromNativeTransactionError(11 as never), 'SignatureFailure')
})

t.test("messages follow Agave's Display", async (t) => {
  t.equal(getTransactionErrorMessage('BlockhashNotFound'), 'Blockhash not found')
  t.equal(getTransactionErrorMessage('InsufficientFundsForFee'), 'Insufficient funds for fee')
  t.equal(
    getTransactionErrorMessage({ InstructionError: [0, { Custom: 6022 }] }),
    'Error processing Instruction 0: custom program error: 0x1786',
  )
  t.equal(
    getTransactionErrorMessage({ InstructionError: [1, 'InvalidAccountData'] }),
    'Error processing Instruction 1: invalid account data for instruction',
  )
  t.equal(
    getTransactionErrorMessage({ InsufficientFundsForRent: { account_index: 2 } }),
    'Transaction results in an account (2) with insufficient funds for rent',
  )
  t.equal(getTransactionErrorMessage({ DuplicateInstruction: 3 }), 'Transaction contains a duplicate instruction (3) that is not allowed')
})
