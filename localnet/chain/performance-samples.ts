/**
 * getRecentPerformanceSamples' record: as Agave's sampler (ledger-tool's `sample_performance`
 * service) a sample every 60 s of the chain's time — here every 60 s worth of slots, so a test
 * that advances slots by hand gets samples too — holding the slot it ended at, the slots and
 * transactions in it, newest first, at most 720 (12 hours).
 */
import type { LocalChain } from '../chain.js'

/** Agave's SAMPLE_INTERVAL (60 s) and the samples it keeps (720). */
export const SAMPLE_PERIOD_SECS = 60
export const MAX_PERFORMANCE_SAMPLES = 720

export type PerformanceSample = {
  slot: bigint
  numTransactions: bigint
  /** localnet runs no votes: every transaction is a non-vote one. */
  numNonVoteTransactions: bigint
  numSlots: bigint
  samplePeriodSecs: number
}

export type PerformanceSamples = {
  /** The newest `limit` samples, newest first. */
  getRecent(limit: number): PerformanceSample[]
}

/** Starts sampling `chain` at each block it opens. */
export function createPerformanceSamples(
  chain: Pick<LocalChain, 'slotMs' | 'getSlot' | 'getTransactionCount' | 'onBlockOpened'>,
): PerformanceSamples {
  const periodSlots = BigInt(Math.max(1, Math.round((SAMPLE_PERIOD_SECS * 1000) / chain.slotMs)))
  const samples: PerformanceSample[] = []
  let startSlot = chain.getSlot()
  let startTransactions = chain.getTransactionCount()
  chain.onBlockOpened((slot) => {
    if (slot - startSlot < periodSlots) return
    const transactions = chain.getTransactionCount()
    samples.unshift({
      slot,
      numTransactions: transactions - startTransactions,
      numNonVoteTransactions: transactions - startTransactions,
      numSlots: slot - startSlot,
      samplePeriodSecs: SAMPLE_PERIOD_SECS,
    })
    if (samples.length > MAX_PERFORMANCE_SAMPLES) samples.pop()
    startSlot = slot
    startTransactions = transactions
  })
  return { getRecent: (limit) => samples.slice(0, limit) }
}
