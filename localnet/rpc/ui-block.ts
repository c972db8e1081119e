/**
 * A stored block in Agave's UiConfirmedBlock shape (solana-transaction-status
 * `ConfirmedBlock::encode_with_options`): `{previousBlockhash, blockhash, parentSlot,
 * transactions | signatures, rewards, blockTime, blockHeight}`. `transactionDetails` picks what
 * is said of each transaction: `full` (transaction and meta in the encoding asked for), `accounts`
 * (signatures, parsed account keys, and the meta's balances), `signatures` (first signatures
 * only) or `none`. A v0 transaction in a full or accounts answer needs the client's
 * maxSupportedTransactionVersion, else the whole block is refused with -32015. localnet pays no
 * rewards: `rewards` is `[]` (left out when the client asks for none).
 */
import { getBase58Decoder } from '@solana/kit'
import type { StoredBlock } from '../chain/block-store.js'
import type { ChainTransactionEvent } from '../chain/chain-events.js'
import type { BlockConfig } from './block-config.js'
import { createUnsupportedTransactionVersionError } from './block-errors.js'
import { toParsedAccountKeys } from './parsed/parsed-account-keys.js'
import { toUiTransaction } from './ui-transaction.js'
import { toUiTransactionMeta } from './ui-transaction-meta.js'

const base58 = getBase58Decoder()

function getVersion(transaction: ChainTransactionEvent, config: BlockConfig): 0 | 'legacy' | undefined {
  if (config.maxSupportedTransactionVersion === undefined) {
    if (transaction.message.versioned) throw createUnsupportedTransactionVersionError(0)
    return undefined
  }
  return transaction.message.versioned ? 0 : 'legacy'
}

function toFullTransaction(transaction: ChainTransactionEvent, config: BlockConfig) {
  const version = getVersion(transaction, config)
  const meta = toUiTransactionMeta(transaction, config.encoding === 'jsonParsed')
  return {
    transaction: toUiTransaction(transaction, config.encoding),
    meta: config.rewards ? meta : { ...meta, rewards: undefined },
    version,
  }
}

/** Agave's `build_json_accounts`: keys with their roles, and the meta without instructions or logs. */
function toAccountsTransaction(transaction: ChainTransactionEvent, config: BlockConfig) {
  const version = getVersion(transaction, config)
  const meta = toUiTransactionMeta(transaction, false)
  return {
    transaction: {
      signatures: transaction.message.signatures.map((signature) => base58.decode(signature)),
      accountKeys: toParsedAccountKeys(transaction.message, transaction.accountKeys),
    },
    meta: {
      err: meta.err,
      status: meta.status,
      fee: meta.fee,
      preBalances: meta.preBalances,
      postBalances: meta.postBalances,
      preTokenBalances: meta.preTokenBalances,
      postTokenBalances: meta.postTokenBalances,
      rewards: config.rewards ? meta.rewards : undefined,
    },
    version,
  }
}

/** The block as getBlock answers it. */
export function toUiBlock(block: StoredBlock, config: BlockConfig) {
  const { transactionDetails } = config
  let transactions: unknown[] | undefined
  if (transactionDetails === 'full') transactions = block.transactions.map((transaction) => toFullTransaction(transaction, config))
  if (transactionDetails === 'accounts') {
    transactions = block.transactions.map((transaction) => toAccountsTransaction(transaction, config))
  }
  return {
    previousBlockhash: block.previousBlockhash,
    blockhash: block.blockhash,
    parentSlot: block.parentSlot,
    transactions,
    signatures: transactionDetails === 'signatures' ? block.transactions.map((transaction) => transaction.signature) : undefined,
    rewards: config.rewards ? [] : undefined,
    blockTime: block.blockTime,
    blockHeight: block.blockHeight,
  }
}
