/**
 * The state each commitment sees. A cluster answers a read at `confirmed` from the confirmed bank
 * and at `finalized` from the root; localnet has one LiteSVM, which holds the newest (processed)
 * state. So before an account's first write in a slot, its state is kept (a pre-image): the state
 * as of the end of slot h is, for an account written after h, the pre-image of the earliest slot
 * after h that wrote it, and the live state for every other account. Only slots that are not yet
 * finalized are kept, so what is held is each account written in the last `finalitySlots` slots,
 * once per slot that wrote it — the same cost a validator's accounts cache has for unrooted banks.
 */
import type { Address } from '@solana/kit'
import type { LocalAccount } from './local-account.js'

/** Bytes counted per kept entry besides the account's data: the Map entry, the account object and its address strings. */
export const PRE_IMAGE_ENTRY_OVERHEAD_BYTES = 200

type SlotPreImages = { readonly slot: bigint; readonly accounts: Map<Address, LocalAccount | null> }

export type AccountPreImages = {
  /** Keeps `address`'s state before its first write in `slot`; call before every write, in slot order. */
  beforeWrite(slot: bigint, address: Address): void
  /** `address` as of the end of `visibleSlot`, or undefined when no kept slot after it wrote it (the live state stands). */
  read(address: Address, visibleSlot: bigint): LocalAccount | null | undefined
  /** Every address written after `visibleSlot`, with its state then (null: it did not exist). */
  changedAfter(visibleSlot: bigint): Map<Address, LocalAccount | null>
  /** Forgets the slots at or before `slot`: every commitment's reads see past them. */
  forgetThrough(slot: bigint): void
  /** Forgets `address` in every slot: a write outside any slot, which every commitment sees at once. */
  forgetAddress(address: Address): void
  /** What is kept now: entries, and bytes (data plus PRE_IMAGE_ENTRY_OVERHEAD_BYTES each). */
  size(): { readonly slots: number; readonly entries: number; readonly bytes: number }
}

function entryBytes(account: LocalAccount | null): number {
  return PRE_IMAGE_ENTRY_OVERHEAD_BYTES + (account?.data.length ?? 0)
}

/** Creates the log over `readLive`, the chain's newest state of an account (null: none). */
export function createAccountPreImages(readLive: (address: Address) => LocalAccount | null): AccountPreImages {
  // Oldest slot first; a slot is added by its first write, so slots without writes take no room.
  const slots: SlotPreImages[] = []
  let entries = 0
  let bytes = 0

  function forgetEntry(account: LocalAccount | null): void {
    entries--
    bytes -= entryBytes(account)
  }

  return {
    beforeWrite(slot, address) {
      let open = slots[slots.length - 1]
      if (!open || open.slot < slot) {
        open = { slot, accounts: new Map() }
        slots.push(open)
      } else if (open.slot > slot) {
        throw new RangeError(`write in slot ${slot} after slot ${open.slot}`)
      }
      if (open.accounts.has(address)) return
      const account = readLive(address)
      open.accounts.set(address, account)
      entries++
      bytes += entryBytes(account)
    },
    read(address, visibleSlot) {
      for (const { slot, accounts } of slots) {
        if (slot <= visibleSlot) continue
        const account = accounts.get(address)
        if (account !== undefined) return account
      }
      return undefined
    },
    changedAfter(visibleSlot) {
      const changed = new Map<Address, LocalAccount | null>()
      for (const { slot, accounts } of slots) {
        if (slot <= visibleSlot) continue
        for (const [address, account] of accounts) if (!changed.has(address)) changed.set(address, account)
      }
      return changed
    },
    forgetThrough(slot) {
      let dropped = 0
      while (dropped < slots.length && (slots[dropped] as SlotPreImages).slot <= slot) {
        for (const account of (slots[dropped] as SlotPreImages).accounts.values()) forgetEntry(account)
        dropped++
      }
      if (dropped > 0) slots.splice(0, dropped)
    },
    forgetAddress(address) {
      for (const { accounts } of slots) {
        const account = accounts.get(address)
        if (account === undefined) continue
        accounts.delete(address)
        forgetEntry(account)
      }
    },
    size: () => ({ slots: slots.length, entries, bytes }),
  }
}
