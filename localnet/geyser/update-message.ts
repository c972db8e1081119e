/** The proto message (the client package's `SubscribeUpdate` shape) of a geyser update. */
import type { SubscribeUpdate, SubscribeUpdateAccountInfo, SubscribeUpdateTransactionInfo } from './yellowstone-messages.js'
import { toAddressBytes } from '../chain/local-account.js'
import type { ChainAccountEvent, ChainTransactionEvent } from '../chain/chain-events.js'
import type { LocalTokenBalance } from '../chain/token-balances.js'
import type { GeyserUpdate } from './geyser-update.js'
import { getTransactionFeeLamports } from '../chain/transaction-fee.js'
import { toTransactionErrorBytes } from './transaction-error-bytes.js'

/** The package does not export the TokenBalance message type by name. */
type TokenBalance = NonNullable<SubscribeUpdateTransactionInfo['meta']>['preTokenBalances'][number]

const EMPTY = new Uint8Array(0)
const SYSTEM_PROGRAM_BYTES = new Uint8Array(32)

function toAccountInfo(event: ChainAccountEvent, writeVersion: bigint): SubscribeUpdateAccountInfo {
  const account = event.account
  // A removed account is streamed as Agave stores it: no lamports, no data, owned by System.
  return {
    pubkey: toAddressBytes(event.address),
    lamports: String(account?.lamports ?? 0n),
    owner: account ? toAddressBytes(account.owner) : SYSTEM_PROGRAM_BYTES,
    executable: account?.executable ?? false,
    rentEpoch: String(account?.rentEpoch ?? 0n),
    data: account?.data ?? EMPTY,
    writeVersion: String(writeVersion),
    ...(event.txnSignature ? { txnSignature: event.txnSignature } : {}),
  }
}

function toTokenBalance(balance: LocalTokenBalance): TokenBalance {
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    owner: balance.owner,
    programId: balance.programId,
    uiTokenAmount: { ...balance.uiTokenAmount },
  }
}

/** The transaction and its status meta, with what localnet knows (no rewards, no inner instructions). */
export function toTransactionInfo(event: ChainTransactionEvent): SubscribeUpdateTransactionInfo {
  const { message } = event
  return {
    signature: message.signatures[0] ?? new Uint8Array(64),
    isVote: false,
    index: String(event.index),
    transaction: {
      signatures: [...message.signatures],
      message: {
        header: {
          numRequiredSignatures: message.numRequiredSignatures,
          numReadonlySignedAccounts: message.numReadonlySignedAccounts,
          numReadonlyUnsignedAccounts: message.numReadonlyUnsignedAccounts,
        },
        accountKeys: message.staticKeys.map(toAddressBytes),
        recentBlockhash: message.recentBlockhash,
        instructions: message.instructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: Uint8Array.from(ix.accounts),
          data: ix.data,
        })),
        versioned: message.versioned,
        addressTableLookups: message.lookups.map((lookup) => ({
          accountKey: toAddressBytes(lookup.table),
          writableIndexes: Uint8Array.from(lookup.writableIndexes),
          readonlyIndexes: Uint8Array.from(lookup.readonlyIndexes),
        })),
      },
    },
    meta: {
      err: event.err === null ? undefined : { err: toTransactionErrorBytes(event.err) },
      fee: String(getTransactionFeeLamports(message, event.priceMicroLamports)),
      preBalances: event.preBalances.map(String),
      postBalances: event.postBalances.map(String),
      innerInstructions: [],
      // Not streamed: the event carries them (for getTransaction), the stream does not yet.
      innerInstructionsNone: true,
      logMessages: [...event.logs],
      logMessagesNone: false,
      preTokenBalances: event.preTokenBalances.map(toTokenBalance),
      postTokenBalances: event.postTokenBalances.map(toTokenBalance),
      rewards: [],
      loadedWritableAddresses: message.loadedWritable.map(toAddressBytes),
      loadedReadonlyAddresses: message.loadedReadonly.map(toAddressBytes),
      returnData: undefined,
      returnDataNone: true,
      computeUnitsConsumed: String(event.unitsConsumed),
    },
  }
}

function toOneof(update: GeyserUpdate): Partial<SubscribeUpdate> {
  switch (update.kind) {
    case 'slot':
      return {
        slot: {
          slot: String(update.slot),
          status: update.status,
          ...(update.parent === undefined ? {} : { parent: String(update.parent) }),
        },
      }
    case 'blockMeta': {
      const block = update.block
      return {
        blockMeta: {
          slot: String(block.slot),
          blockhash: block.blockhash,
          rewards: { rewards: [], numPartitions: undefined },
          blockTime: { timestamp: String(block.unixTimestamp) },
          blockHeight: { blockHeight: String(block.blockHeight) },
          parentSlot: String(block.parentSlot),
          parentBlockhash: block.parentBlockhash,
          // Localnet opens a block (and issues its blockhash) when the slot starts, before any
          // transaction lands in it, so its meta always counts none.
          executedTransactionCount: '0',
          entriesCount: '0',
        },
      }
    }
    case 'account':
      return {
        account: { account: toAccountInfo(update.account, update.writeVersion), slot: String(update.slot), isStartup: false },
      }
    case 'transaction':
      return { transaction: { transaction: toTransactionInfo(update.transaction), slot: String(update.slot) } }
  }
}

/** Builds the message of an update, with no filter names yet. */
export function toUpdateMessage(update: GeyserUpdate): SubscribeUpdate {
  return { filters: [], createdAt: new Date(), ...toOneof(update) }
}
