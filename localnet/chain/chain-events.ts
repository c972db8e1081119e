/**
 * What the chain tells observers (the geyser server) as it happens: each new block, each
 * transaction that landed, each account write. Listeners run synchronously inside the chain's
 * call, so they see the slot the change happened in; with no listener the chain skips the
 * extra reads (pre-balances, post-states) that building these events costs.
 */
import type { Address } from '@solana/kit'
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import type { ExecutionResult, InnerInstructions } from './execution-result.js'
import type { LandedMessage } from './landed-message.js'
import type { LocalAccount } from './local-account.js'
import type { LocalTokenBalance } from './token-balances.js'

/** A block: localnet opens one per slot, with its blockhash, when the slot starts. */
export type ChainBlockEvent = {
  readonly kind: 'block'
  readonly slot: bigint
  readonly parentSlot: bigint
  /** Earlier blocks this one finalizes (now finalitySlots behind), oldest first; often one, none early on. */
  readonly finalizedSlots: readonly bigint[]
  readonly blockhash: string
  readonly parentBlockhash: string
  readonly blockHeight: bigint
  readonly unixTimestamp: bigint
}

/** An account as it is after a write; `account` null when the write removed it (0 lamports). */
export type ChainAccountEvent = {
  readonly kind: 'account'
  readonly slot: bigint
  readonly address: Address
  readonly account: LocalAccount | null
  /** The transaction (or airdrop id) that wrote it; null for a direct setAccount. */
  readonly txnSignature: Uint8Array | null
}

/** A transaction that landed (succeeded, or failed with its fee charged). */
export type ChainTransactionEvent = {
  readonly kind: 'transaction'
  readonly slot: bigint
  /** Position among the transactions of its slot. */
  readonly index: number
  /** Base58 of the first signature, the transaction's id. */
  readonly signature: string
  /** The wire transaction as it was sent (what getTransaction's binary encodings answer). */
  readonly wireBytes: Uint8Array
  /** Unix seconds of the slot's clock: Agave's blockTime. */
  readonly blockTime: bigint
  readonly message: LandedMessage
  /** Static keys, then lookup-table writable, then lookup-table readonly (Agave's order). */
  readonly accountKeys: readonly Address[]
  readonly err: TransactionErrorJson | null
  readonly logs: readonly string[]
  readonly unitsConsumed: bigint
  /** The CPIs of each top-level instruction that made any, as Agave groups them. */
  readonly innerInstructions: readonly InnerInstructions[]
  readonly returnData: ExecutionResult['returnData']
  /** Balances of accountKeys before and after, in the same order. */
  readonly preBalances: readonly bigint[]
  readonly postBalances: readonly bigint[]
  /** Token accounts among accountKeys before and after (Agave's rule, see token-balances.ts). */
  readonly preTokenBalances: readonly LocalTokenBalance[]
  readonly postTokenBalances: readonly LocalTokenBalance[]
  readonly priceMicroLamports: bigint
}

export type ChainEvent = ChainBlockEvent | ChainAccountEvent | ChainTransactionEvent

export type ChainEventListener = (event: ChainEvent) => void

export type ChainEvents = {
  /** Adds a listener; returns the function that removes it. */
  listen(listener: ChainEventListener): () => void
  /** Whether anyone listens: the chain builds events only then. */
  hasListeners(): boolean
  emit(event: ChainEvent): void
}

/** Creates the chain's event fan-out. */
export function createChainEvents(): ChainEvents {
  const listeners = new Set<ChainEventListener>()
  return {
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    hasListeners: () => listeners.size > 0,
    emit(event) {
      for (const listener of listeners) listener(event)
    },
  }
}
