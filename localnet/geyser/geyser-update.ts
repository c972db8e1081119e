/**
 * What the geyser server keeps and fans out: one record per update, derived from the chain's
 * events. A block becomes slot statuses plus a block meta; the proto message of each record is
 * built once, on first use, and shared by every stream.
 */
import { SlotStatus, type SubscribeUpdate } from './yellowstone-messages.js'
import type { ChainAccountEvent, ChainBlockEvent, ChainEvent, ChainTransactionEvent } from '../chain/chain-events.js'

export type GeyserUpdate =
  | { readonly kind: 'slot'; readonly slot: bigint; readonly parent: bigint | undefined; readonly status: SlotStatus }
  | { readonly kind: 'blockMeta'; readonly slot: bigint; readonly block: ChainBlockEvent }
  | { readonly kind: 'account'; readonly slot: bigint; readonly account: ChainAccountEvent; readonly writeVersion: bigint }
  | { readonly kind: 'transaction'; readonly slot: bigint; readonly transaction: ChainTransactionEvent }

/** An update with its proto message, built lazily (most records of a quiet stream are never sent). */
export type BufferedUpdate = {
  readonly update: GeyserUpdate
  /** Set by the first stream that sends it; `filters` left empty. */
  message?: SubscribeUpdate
  /** The encoded message without filters, for streams that send it unchanged. */
  bytes?: Uint8Array
}

/**
 * The updates a chain event produces. When slot S opens, its parent is confirmed (localnet has
 * one leader and no forks: the next block is the vote) and the blocks now finalitySlots behind
 * are finalized, as getSignatureStatuses answers (chain/slot-commitment.ts); then S is processed
 * and its block meta (with the blockhash getLatestBlockhash now answers) follows.
 */
export function fromChainEvent(event: ChainEvent, nextWriteVersion: () => bigint): GeyserUpdate[] {
  switch (event.kind) {
    case 'block':
      return [
        { kind: 'slot', slot: event.parentSlot, parent: undefined, status: SlotStatus.SLOT_CONFIRMED },
        ...event.finalizedSlots.map((slot) => ({ kind: 'slot' as const, slot, parent: undefined, status: SlotStatus.SLOT_FINALIZED })),
        { kind: 'slot', slot: event.slot, parent: event.parentSlot, status: SlotStatus.SLOT_PROCESSED },
        { kind: 'blockMeta', slot: event.slot, block: event },
      ]
    case 'account':
      return [{ kind: 'account', slot: event.slot, account: event, writeVersion: nextWriteVersion() }]
    case 'transaction':
      return [{ kind: 'transaction', slot: event.slot, transaction: event }]
  }
}
