/**
 * The `transaction` of getTransaction in each of Agave's encodings: the wire bytes as a bare
 * base58 string ("binary", the legacy default of old clients), `[base58, "base58"]` or
 * `[base64, "base64"]`; or JSON, `{signatures, message}`, with the message raw ("json": header,
 * static keys, compiled instructions) or parsed ("jsonParsed": keys with writable / signer /
 * source, instructions parsed where localnet can). Top-level instructions carry stackHeight 1, as
 * Agave writes them since 2.3.
 */
import { getBase58Decoder } from '@solana/kit'
import type { ChainTransactionEvent } from '../chain/chain-events.js'
import { toParsedAccountKeys } from './parsed/parsed-account-keys.js'
import { toUiInstruction } from './parsed/ui-instruction.js'

export type TransactionEncoding = 'binary' | 'base58' | 'base64' | 'json' | 'jsonParsed'

/** Agave's TRANSACTION_LEVEL_STACK_HEIGHT. */
const TRANSACTION_LEVEL_STACK_HEIGHT = 1

const base58 = getBase58Decoder()

function toAddressTableLookups(transaction: ChainTransactionEvent) {
  const { message } = transaction
  // A legacy message has no lookups field at all.
  if (!message.versioned) return undefined
  return message.lookups.map((lookup) => ({
    accountKey: lookup.table,
    writableIndexes: lookup.writableIndexes,
    readonlyIndexes: lookup.readonlyIndexes,
  }))
}

function toUiMessage(transaction: ChainTransactionEvent, parsed: boolean) {
  const { message } = transaction
  const recentBlockhash = base58.decode(message.recentBlockhash)
  if (parsed) {
    const keys = transaction.accountKeys
    return {
      accountKeys: toParsedAccountKeys(message, keys),
      recentBlockhash,
      instructions: message.instructions.map((instruction) => toUiInstruction(instruction, keys, TRANSACTION_LEVEL_STACK_HEIGHT)),
      addressTableLookups: toAddressTableLookups(transaction),
    }
  }
  return {
    header: {
      numRequiredSignatures: message.numRequiredSignatures,
      numReadonlySignedAccounts: message.numReadonlySignedAccounts,
      numReadonlyUnsignedAccounts: message.numReadonlyUnsignedAccounts,
    },
    accountKeys: message.staticKeys,
    recentBlockhash,
    instructions: message.instructions.map((instruction) => ({
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: base58.decode(instruction.data),
      stackHeight: TRANSACTION_LEVEL_STACK_HEIGHT,
    })),
    addressTableLookups: toAddressTableLookups(transaction),
  }
}

/** The transaction of a landed transaction in `encoding`. */
export function toUiTransaction(transaction: ChainTransactionEvent, encoding: TransactionEncoding) {
  const bytes = transaction.wireBytes
  switch (encoding) {
    case 'binary':
      return base58.decode(bytes)
    case 'base58':
      return [base58.decode(bytes), 'base58']
    case 'base64':
      return [Buffer.from(bytes).toString('base64'), 'base64']
    case 'json':
    case 'jsonParsed':
      return {
        signatures: transaction.message.signatures.map((signature) => base58.decode(signature)),
        message: toUiMessage(transaction, encoding === 'jsonParsed'),
      }
  }
}
