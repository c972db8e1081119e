/**
 * What happens to sendTransaction calls before the chain runs them: each is counted, and a share
 * of those that pass preflight is dropped (LOCALNET_DROP_RATE), as a congested leader loses them.
 * A dropped send is answered with its signature like any accepted one, then never lands: no
 * status, no history, nothing on the geyser stream. That is what a sender's rebroadcast is for.
 */

export type SendCounts = {
  /** sendTransaction calls, whatever became of them (refused, dropped, landed, duplicate). */
  readonly received: number
  /** Answered with their signature and never run. */
  readonly dropped: number
  /** Run and landed (succeeded, or failed with the fee charged): a status was recorded. */
  readonly landed: number
}

/** What tests and operators may see and change while localnet runs. */
export type SendIngressControl = {
  /** Sets the share of sends to drop, from 0 (none) to 1 (all); applies to the next send. */
  setDropRate(rate: number): void
  getDropRate(): number
  getCounts(): SendCounts
}

export type SendIngress = SendIngressControl & {
  countReceived(): void
  /** Draws whether the send at hand is dropped; 0 and 1 decide without drawing. */
  isDropped(): boolean
  countDropped(): void
  countLanded(): void
}

export type SendIngressOptions = {
  dropRate: number
  /** Uniform draws in [0, 1) (default Math.random); a seeded one makes partial rates repeatable. */
  random?: () => number
}

function assertDropRate(rate: number): void {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new RangeError(`drop rate must be from 0 to 1, got ${rate}`)
}

/** Creates the ingress with its counters at zero. */
export function createSendIngress(options: SendIngressOptions): SendIngress {
  assertDropRate(options.dropRate)
  const random = options.random ?? Math.random
  let dropRate = options.dropRate
  const counts = { received: 0, dropped: 0, landed: 0 }
  return {
    setDropRate(rate) {
      assertDropRate(rate)
      dropRate = rate
    },
    getDropRate: () => dropRate,
    getCounts: () => ({ ...counts }),
    countReceived() {
      counts.received++
    },
    isDropped() {
      if (dropRate === 0) return false
      if (dropRate === 1) return true
      return random() < dropRate
    },
    countDropped() {
      counts.dropped++
    },
    countLanded() {
      counts.landed++
    },
  }
}
