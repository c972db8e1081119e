/**
 * Per-slot prioritization fees, kept the way Agave's prioritization fee cache keeps them: for each
 * block the minimum compute-unit price over its transactions, and for each writable account the
 * minimum price over the transactions that write it. getRecentPrioritizationFees then answers, per
 * slot, the block minimum raised to the highest per-account minimum of the accounts asked about.
 */
export type PrioritizationFee = { slot: bigint; prioritizationFee: bigint }

type SlotFees = { minPriceMicroLamports: bigint; minPriceByAccount: Map<string, bigint> }

export type PriorityFeeTracker = {
  /** Records one landed transaction's compute-unit price and the accounts it writes. */
  record(slot: bigint, priceMicroLamports: bigint, writableAccounts: readonly string[]): void
  /** Fees of the given slots (oldest first), 0 where nothing landed. */
  getFees(slots: readonly bigint[], accounts: readonly string[]): PrioritizationFee[]
  /** Forgets slots before `oldestSlot`, so memory stays bounded by the blockhash window. */
  pruneBefore(oldestSlot: bigint): void
}

/** Creates an empty tracker. */
export function createPriorityFeeTracker(): PriorityFeeTracker {
  const bySlot = new Map<bigint, SlotFees>()
  return {
    record(slot, priceMicroLamports, writableAccounts) {
      let fees = bySlot.get(slot)
      if (!fees) {
        fees = { minPriceMicroLamports: priceMicroLamports, minPriceByAccount: new Map() }
        bySlot.set(slot, fees)
      } else if (priceMicroLamports < fees.minPriceMicroLamports) {
        fees.minPriceMicroLamports = priceMicroLamports
      }
      for (const account of writableAccounts) {
        const current = fees.minPriceByAccount.get(account)
        if (current === undefined || priceMicroLamports < current) fees.minPriceByAccount.set(account, priceMicroLamports)
      }
    },
    getFees(slots, accounts) {
      return slots.map((slot) => {
        const fees = bySlot.get(slot)
        if (!fees) return { slot, prioritizationFee: 0n }
        let fee = fees.minPriceMicroLamports
        for (const account of accounts) {
          const accountFee = fees.minPriceByAccount.get(account)
          if (accountFee !== undefined && accountFee > fee) fee = accountFee
        }
        return { slot, prioritizationFee: fee }
      })
    },
    pruneBefore(oldestSlot) {
      for (const slot of bySlot.keys()) if (slot < oldestSlot) bySlot.delete(slot)
    },
  }
}
