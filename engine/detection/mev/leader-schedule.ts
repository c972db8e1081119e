/**
 * The slot leaders around the chain's tip, for the MEV vector (who produces the next blocks) and
 * the sandwich detector (whose slot a sandwich landed in). Refreshed in the background over
 * JSON-RPC with `getSlotLeaders(from, 64)` whenever fewer than `refreshBelowSlots` upcoming slots
 * are known; reads are synchronous and never wait on RPC. Past leaders stay in a ring of
 * `capacity` slots, so a sandwich streamed a little late is still attributed.
 */
import type { Logger } from '../../../lib/logger.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'

export interface LeaderScheduleOptions {
  rpc: JsonRpcClient
  logger: Logger
  /** The chain's latest slot (the chain tracker's); 0 while unknown. */
  getSlot: () => number
  /** Leaders fetched per call (default 64). */
  batchSlots?: number
  /** Fetch when fewer upcoming slots than this are known (default 32 ≈ 13 s of slots). */
  refreshBelowSlots?: number
  /** How often the background check runs (default 1,000 ms). */
  pollMs?: number
  /** Deadline of one fetch (default 2,000 ms). */
  requestTimeoutMs?: number
  /** Slots remembered, past and upcoming (default 16,384). */
  capacity?: number
}

export interface LeaderSchedule {
  /** The leaders of `count` slots from `slot` on, as far as known (stops at the first unknown slot). */
  getUpcomingLeaders(slot: number, count: number): AccountKey[]
  /** The leader of one slot, if known. */
  getSlotLeader(slot: number): AccountKey | undefined
  /** The first slot not known yet (0: nothing known). */
  readonly knownUntilSlot: number
  /** Fetches once if the known range runs low (what the background loop does). */
  refresh(): Promise<void>
  start(): void
  stop(): void
  readonly stats: Readonly<{ fetches: number; failures: number }>
}

/** Creates the schedule; it fetches nothing before `start()` or `refresh()`. */
export function createLeaderSchedule(options: LeaderScheduleOptions): LeaderSchedule {
  const { rpc, logger, getSlot } = options
  const batchSlots = options.batchSlots ?? 64
  const refreshBelowSlots = options.refreshBelowSlots ?? 32
  const pollMs = options.pollMs ?? 1_000
  const requestTimeoutMs = options.requestTimeoutMs ?? 2_000
  const capacity = options.capacity ?? 16_384
  const slots = new Float64Array(capacity).fill(-1)
  const leaders = new Array<AccountKey | undefined>(capacity)
  // A leader holds 4 slots in a row and a few hundred identities lead: decode each once.
  const keys = new Map<string, AccountKey>()
  const stats = { fetches: 0, failures: 0 }
  let knownUntil = 0
  let inFlight: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined
  let controller: AbortController | undefined

  function toKey(address: string): AccountKey {
    let key = keys.get(address)
    if (key === undefined) {
      if (keys.size >= 4_096) keys.clear()
      key = fromBase58Address(address)
      keys.set(address, key)
    }
    return key
  }

  function getSlotLeader(slot: number): AccountKey | undefined {
    const at = slot % capacity
    return slots[at] === slot ? leaders[at] : undefined
  }

  async function fetchFrom(from: number): Promise<void> {
    stats.fetches++
    controller = new AbortController()
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(requestTimeoutMs)])
    const identities = await rpc.call<string[]>('getSlotLeaders', [from, batchSlots], signal)
    for (let i = 0; i < identities.length; i++) {
      const at = (from + i) % capacity
      slots[at] = from + i
      leaders[at] = toKey(identities[i] as string)
    }
    if (from + identities.length > knownUntil) knownUntil = from + identities.length
  }

  function refresh(): Promise<void> {
    if (inFlight) return inFlight
    const slot = getSlot()
    if (slot <= 0 || knownUntil - slot >= refreshBelowSlots) return Promise.resolve()
    // Behind the tip (a pause, a restart), the gap is not worth filling: start at the tip.
    const from = Math.max(knownUntil, slot)
    inFlight = fetchFrom(from)
      .catch((error: unknown) => {
        stats.failures++
        // Once, then every 60th: an RPC without getSlotLeaders must not fill the log every second.
        if (stats.failures === 1 || stats.failures % 60 === 0)
          logger.warn({ err: error, from, failures: stats.failures }, 'leader schedule refresh failed')
      })
      .finally(() => {
        inFlight = undefined
      })
    return inFlight
  }

  return {
    getUpcomingLeaders(slot, count) {
      const out: AccountKey[] = []
      for (let i = 0; i < count; i++) {
        const leader = getSlotLeader(slot + i)
        if (leader === undefined) break
        out.push(leader)
      }
      return out
    },
    getSlotLeader,
    get knownUntilSlot() {
      return knownUntil
    },
    refresh,
    start() {
      if (timer) return
      void refresh()
      timer = setInterval(() => void refresh(), pollMs)
      timer.unref()
    },
    stop() {
      clearInterval(timer)
      timer = undefined
      controller?.abort()
    },
    stats,
  }
}
