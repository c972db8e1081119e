/**
 * Sandwiches seen on the geyser stream. Swap flows (swap-flows.ts) are kept per slot and pool in
 * transaction order; a sandwich is trader A paid from one side of pool P, then a trader V (not A)
 * paid from the same side, then A paid from the other side, all in one slot (A buys before V and
 * sells after, or the mirror: sells first and buys back). Each victim counts once per attacker.
 *
 * What it answers, each in O(1): a pool's recent sandwiches and attackers (the last `windowSlots`
 * slots, at most `maxSandwiches`), whether a wallet is a known bot (attackers it has seen, plus a
 * seeded list at low confidence), and per leader how many of its slots carried a sandwich.
 *
 * Per streamed transaction it costs a few map operations (signers are named in base58 through a
 * bounded memo, and only when the token balances show a pool). Memory is bounded everywhere:
 * slots stay open for late transactions `openSlots` slots, a pool holds at most
 * `maxSwapsPerPoolSlot` swaps a slot, known bots and leaders are capped.
 */
import { LRUCache } from 'lru-cache'
import type { GeyserTransactionUpdate } from '../../hot-path/geyser/geyser-subscription.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import { createAddressNamer } from '../../hot-path/state/address-names.js'
import { loadMevBotList } from './mev-bot-list.js'
import type { PoolKey, PoolSide } from './pool-key.js'
import { type SwapFlow, getSwapFlows } from './swap-flows.js'

export interface Sandwich {
  readonly slot: number
  readonly pool: PoolKey
  /** The side the victim bought (and the attacker bought first). */
  readonly side: PoolSide
  readonly attacker: AccountKey
  readonly victim: AccountKey
  readonly frontrunSignature: Uint8Array
  readonly victimSignature: Uint8Array
  readonly backrunSignature: Uint8Array
  /** The slot's leader, when the schedule knew it. */
  readonly leader: AccountKey | undefined
}

export interface PoolActivity {
  /** Sandwiches (victims) in the window. */
  readonly sandwiches: number
  readonly lastSlot: number
  /** Distinct attackers in the window, oldest first. */
  readonly attackers: readonly AccountKey[]
}

/** high: seen sandwiching on the stream; low: only on the seeded, unverified list. */
export type BotConfidence = 'high' | 'low'

export interface KnownBot {
  readonly confidence: BotConfidence
  readonly source: 'stream' | 'list'
  /** Sandwiches seen from it while streaming (0 for a listed one never seen). */
  readonly sandwiches: number
  readonly lastSlot: number | undefined
}

export interface LeaderSandwichStats {
  /** The leader's slots seen on the stream (a slot counts once a transaction of it arrived). */
  slots: number
  /** Of those, slots with at least one sandwich. */
  sandwichSlots: number
  sandwiches: number
}

export interface SandwichDetectorOptions {
  /** Sandwiches older than this many slots behind the newest streamed slot are forgotten (default 9,000 ≈ 1 h). */
  windowSlots?: number
  /** At most this many sandwiches are kept (default 10,000). */
  maxSandwiches?: number
  /** Slots a late transaction can still join (default 8); then the slot is closed and counted for its leader. */
  openSlots?: number
  /** Swaps kept per pool and slot (default 64); more are dropped. */
  maxSwapsPerPoolSlot?: number
  /** Attackers remembered as known bots (default 10,000, least recently seen out first). */
  maxKnownBots?: number
  /** Leaders with statistics kept (default 5,000). */
  maxLeaders?: number
  /** Low-confidence known bots; default the bundled list (data/mev-bots-unverified.txt). */
  listedBots?: readonly AccountKey[]
  /** Signer names cached (default 50,000). */
  maxSignerNames?: number
  /** The leader of a slot (the leader schedule), for the per-leader statistics. */
  getSlotLeader?: (slot: number) => AccountKey | undefined
  /** Told of each sandwich as it is found. */
  onSandwich?: (sandwich: Sandwich) => void
}

export interface SandwichDetectorStats {
  transactions: number
  swaps: number
  sandwiches: number
  /** Swaps of a slot already closed. */
  lateSwaps: number
  /** Swaps over a pool's per-slot cap. */
  droppedSwaps: number
  /** Slots open now (at most the openSlots option). */
  openSlots: number
  /** Pools with sandwiches in the window (bounded by maxSandwiches). */
  pools: number
}

export interface SandwichDetector {
  /** Reads a streamed transaction (in stream order) and looks for sandwiches. */
  recordTransaction(update: GeyserTransactionUpdate): void
  /** One swap flow (what recordTransaction does for each of a transaction's swaps). */
  recordSwap(flow: SwapFlow): void
  /** Recent sandwiches on a pool, undefined when none are in the window. */
  getPoolActivity(pool: PoolKey): PoolActivity | undefined
  /** An attacker seen on the stream, or a listed bot. */
  isKnownBot(wallet: AccountKey): boolean
  getKnownBot(wallet: AccountKey): KnownBot | undefined
  /** Per leader, its streamed slots and how many carried a sandwich (closed slots only). */
  getSandwichesByLeader(): ReadonlyMap<AccountKey, Readonly<LeaderSandwichStats>>
  /** The sandwiches in the window, oldest first (a copy: diagnostics and tests). */
  getRecentSandwiches(): Sandwich[]
  /** Closes every open slot (counts them for their leaders). */
  flush(): void
  readonly stats: Readonly<SandwichDetectorStats>
}

interface PoolSlot {
  /** Sorted by transaction index. */
  readonly flows: SwapFlow[]
  /** victim flow + attacker: each victim counts once per attacker. */
  readonly seen: Set<string>
}

interface OpenSlot {
  readonly pools: Map<PoolKey, PoolSlot>
  sandwiches: number
}

interface PoolState {
  sandwiches: number
  lastSlot: number
  readonly attackers: Map<AccountKey, number>
  view: PoolActivity | undefined
}

const DEFAULTS = {
  windowSlots: 9_000,
  maxSandwiches: 10_000,
  openSlots: 8,
  maxSwapsPerPoolSlot: 64,
  maxKnownBots: 10_000,
  maxLeaders: 5_000,
  maxSignerNames: 50_000,
}

/** Creates a detector; feed it every streamed transaction. */
export function createSandwichDetector(options: SandwichDetectorOptions = {}): SandwichDetector {
  const windowSlots = options.windowSlots ?? DEFAULTS.windowSlots
  const maxSandwiches = options.maxSandwiches ?? DEFAULTS.maxSandwiches
  const openSlotCount = options.openSlots ?? DEFAULTS.openSlots
  const maxSwapsPerPoolSlot = options.maxSwapsPerPoolSlot ?? DEFAULTS.maxSwapsPerPoolSlot
  const maxLeaders = options.maxLeaders ?? DEFAULTS.maxLeaders
  const listed = new Set(options.listedBots ?? loadMevBotList())
  const nameSigner = createAddressNamer(options.maxSignerNames ?? DEFAULTS.maxSignerNames)
  const observedBots = new LRUCache<AccountKey, { sandwiches: number; lastSlot: number }>({
    max: options.maxKnownBots ?? DEFAULTS.maxKnownBots,
  })
  const stats: SandwichDetectorStats = { transactions: 0, swaps: 0, sandwiches: 0, lateSwaps: 0, droppedSwaps: 0, openSlots: 0, pools: 0 }
  const openSlots = new Map<number, OpenSlot>()
  const pools = new Map<PoolKey, PoolState>()
  const leaders = new Map<AccountKey, LeaderSandwichStats>()
  // The window: a ring of sandwiches in the order found (slots ascend but for late ones).
  const ring: Array<Sandwich | undefined> = new Array<Sandwich | undefined>(maxSandwiches)
  let head = 0
  let size = 0
  let newestSlot = 0
  // Monotonic ids of flows, for the victim/attacker de-duplication keys.
  const flowIds = new WeakMap<SwapFlow, number>()
  let nextFlowId = 0

  function closeSlot(slot: number, open: OpenSlot): void {
    openSlots.delete(slot)
    stats.openSlots = openSlots.size
    const leader = options.getSlotLeader?.(slot)
    if (leader === undefined) return
    let entry = leaders.get(leader)
    if (!entry) {
      if (leaders.size >= maxLeaders) leaders.delete(leaders.keys().next().value as AccountKey)
      entry = { slots: 0, sandwichSlots: 0, sandwiches: 0 }
      leaders.set(leader, entry)
    }
    entry.slots++
    if (open.sandwiches > 0) entry.sandwichSlots++
    entry.sandwiches += open.sandwiches
  }

  /** Drops the oldest sandwiches while they are out of the slot window, or while the ring is full. */
  function expireSandwiches(): void {
    while (size > 0) {
      const oldest = ring[head] as Sandwich
      if (size < maxSandwiches && oldest.slot > newestSlot - windowSlots) break
      ring[head] = undefined
      head = (head + 1) % maxSandwiches
      size--
      const state = pools.get(oldest.pool)
      if (!state) continue
      state.sandwiches--
      const left = (state.attackers.get(oldest.attacker) ?? 1) - 1
      if (left === 0) state.attackers.delete(oldest.attacker)
      else state.attackers.set(oldest.attacker, left)
      state.view = undefined
      if (state.sandwiches === 0) pools.delete(oldest.pool)
    }
    stats.pools = pools.size
  }

  /** The open slot of `slot`, opening it (and closing those that fell out) as the stream moves; undefined when late. */
  function getOpenSlot(slot: number): OpenSlot | undefined {
    if (slot > newestSlot) {
      newestSlot = slot
      for (const [open, entry] of openSlots) if (open <= slot - openSlotCount) closeSlot(open, entry)
      expireSandwiches()
    } else if (slot <= newestSlot - openSlotCount) {
      return undefined
    }
    let open = openSlots.get(slot)
    if (!open) {
      open = { pools: new Map(), sandwiches: 0 }
      openSlots.set(slot, open)
      stats.openSlots = openSlots.size
    }
    return open
  }

  function record(open: OpenSlot, bucket: PoolSlot, front: SwapFlow, victim: SwapFlow, back: SwapFlow): void {
    const key = `${flowIds.get(victim)}:${front.trader}`
    if (bucket.seen.has(key)) return
    bucket.seen.add(key)
    const sandwich: Sandwich = {
      slot: front.slot,
      pool: front.pool,
      side: front.side,
      attacker: front.trader,
      victim: victim.trader,
      frontrunSignature: front.signature,
      victimSignature: victim.signature,
      backrunSignature: back.signature,
      leader: options.getSlotLeader?.(front.slot),
    }
    stats.sandwiches++
    open.sandwiches++
    // The window holds maxSandwiches at most: make room for this one first.
    if (size === maxSandwiches) expireSandwiches()
    ring[(head + size) % maxSandwiches] = sandwich
    size++
    let state = pools.get(sandwich.pool)
    if (!state) {
      state = { sandwiches: 0, lastSlot: 0, attackers: new Map(), view: undefined }
      pools.set(sandwich.pool, state)
      stats.pools = pools.size
    }
    state.sandwiches++
    if (sandwich.slot > state.lastSlot) state.lastSlot = sandwich.slot
    state.attackers.set(sandwich.attacker, (state.attackers.get(sandwich.attacker) ?? 0) + 1)
    state.view = undefined
    const bot = observedBots.get(sandwich.attacker)
    observedBots.set(sandwich.attacker, {
      sandwiches: (bot?.sandwiches ?? 0) + 1,
      lastSlot: Math.max(bot?.lastSlot ?? 0, sandwich.slot),
    })
    options.onSandwich?.(sandwich)
  }

  /** Every sandwich the new flow at `at` completes, as front-run, victim or back-run. */
  function detect(open: OpenSlot, bucket: PoolSlot, at: number): void {
    const flows = bucket.flows
    const flow = flows[at] as SwapFlow
    for (let i = 0; i < flows.length; i++) {
      if (i === at) continue
      const other = flows[i] as SwapFlow
      if (other.trader === flow.trader && other.side !== flow.side) {
        // The new flow and `other` are one attacker's two legs: victims in between.
        const [front, back, from, to] = i < at ? [other, flow, i, at] : [flow, other, at, i]
        for (let j = from + 1; j < to; j++) {
          const victim = flows[j] as SwapFlow
          if (victim.trader !== front.trader && victim.side === front.side && victim.index > front.index && victim.index < back.index) {
            record(open, bucket, front, victim, back)
          }
        }
      } else if (i < at && other.trader !== flow.trader && other.side === flow.side) {
        // `other` may be a front-run of the new flow: a back-run after it completes the sandwich.
        for (let j = at + 1; j < flows.length; j++) {
          const back = flows[j] as SwapFlow
          if (back.trader === other.trader && back.side !== other.side && back.index > flow.index && flow.index > other.index) {
            record(open, bucket, other, flow, back)
          }
        }
      }
    }
  }

  function recordSwap(flow: SwapFlow): void {
    stats.swaps++
    const open = getOpenSlot(flow.slot)
    if (!open) {
      stats.lateSwaps++
      return
    }
    let bucket = open.pools.get(flow.pool)
    if (!bucket) {
      bucket = { flows: [], seen: new Set() }
      open.pools.set(flow.pool, bucket)
    }
    const flows = bucket.flows
    if (flows.length >= maxSwapsPerPoolSlot) {
      stats.droppedSwaps++
      return
    }
    flowIds.set(flow, nextFlowId++)
    // Stream order is nearly index order: insert from the end.
    let at = flows.length
    while (at > 0 && (flows[at - 1] as SwapFlow).index > flow.index) at--
    flows.splice(at, 0, flow)
    detect(open, bucket, at)
  }

  return {
    recordTransaction(update) {
      stats.transactions++
      const flows = getSwapFlows(update, nameSigner)
      // A transaction without swaps still shows that its slot was produced.
      if (flows.length === 0) getOpenSlot(Number(update.slot))
      for (let i = 0; i < flows.length; i++) recordSwap(flows[i] as SwapFlow)
    },
    recordSwap,
    getPoolActivity(pool) {
      const state = pools.get(pool)
      if (!state) return undefined
      state.view ??= Object.freeze({
        sandwiches: state.sandwiches,
        lastSlot: state.lastSlot,
        attackers: Object.freeze([...state.attackers.keys()]),
      })
      return state.view
    },
    isKnownBot: (wallet) => observedBots.has(wallet) || listed.has(wallet),
    getKnownBot(wallet) {
      const seen = observedBots.peek(wallet)
      if (seen) return { confidence: 'high', source: 'stream', sandwiches: seen.sandwiches, lastSlot: seen.lastSlot }
      return listed.has(wallet) ? { confidence: 'low', source: 'list', sandwiches: 0, lastSlot: undefined } : undefined
    },
    getSandwichesByLeader: () => leaders,
    getRecentSandwiches() {
      const out: Sandwich[] = []
      for (let i = 0; i < size; i++) out.push(ring[(head + i) % maxSandwiches] as Sandwich)
      return out
    },
    flush() {
      for (const [slot, open] of openSlots) closeSlot(slot, open)
    },
    stats,
  }
}
