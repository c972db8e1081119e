/**
 * Every active subscription, by id and indexed the way chain events look them up (an account's
 * address, an owner program, a signature, or all logs / slot / root subscribers), and counted per
 * connection for its bound. Ids come from one counter, as Agave's node-wide ones do.
 */
import type { Subscription, SubscriptionOwner, SubscriptionSpec } from './subscription.js'

export type SubscriptionRegistry = ReturnType<typeof createSubscriptionRegistry>

function addTo<K>(index: Map<K, Set<Subscription>>, key: K, subscription: Subscription): void {
  let set = index.get(key)
  if (!set) index.set(key, (set = new Set()))
  set.add(subscription)
}

function removeFrom<K>(index: Map<K, Set<Subscription>>, key: K, subscription: Subscription): void {
  const set = index.get(key)
  if (!set) return
  set.delete(subscription)
  if (set.size === 0) index.delete(key)
}

const NONE: ReadonlySet<Subscription> = new Set()

/** Creates an empty registry. */
export function createSubscriptionRegistry() {
  let nextId = 0
  const byOwner = new Map<SubscriptionOwner, Map<number, Subscription>>()
  const accounts = new Map<string, Set<Subscription>>()
  const programs = new Map<string, Set<Subscription>>()
  const signatures = new Map<string, Set<Subscription>>()
  const logs = new Set<Subscription>()
  const slots = new Set<Subscription>()
  const roots = new Set<Subscription>()

  function index(subscription: Subscription, add: boolean): void {
    switch (subscription.kind) {
      case 'account':
        return add ? addTo(accounts, subscription.address, subscription) : removeFrom(accounts, subscription.address, subscription)
      case 'program':
        return add ? addTo(programs, subscription.program, subscription) : removeFrom(programs, subscription.program, subscription)
      case 'signature':
        return add ? addTo(signatures, subscription.signature, subscription) : removeFrom(signatures, subscription.signature, subscription)
      case 'logs':
        return void (add ? logs.add(subscription) : logs.delete(subscription))
      case 'slot':
        return void (add ? slots.add(subscription) : slots.delete(subscription))
      case 'root':
        return void (add ? roots.add(subscription) : roots.delete(subscription))
    }
  }

  return {
    /** Subscriptions `owner` holds now. */
    countOf: (owner: SubscriptionOwner): number => byOwner.get(owner)?.size ?? 0,

    add(owner: SubscriptionOwner, spec: SubscriptionSpec): Subscription {
      const subscription: Subscription = { ...spec, id: nextId++, owner, active: true }
      let owned = byOwner.get(owner)
      if (!owned) byOwner.set(owner, (owned = new Map<number, Subscription>()))
      owned.set(subscription.id, subscription)
      index(subscription, true)
      return subscription
    },

    /** Removes `owner`'s subscription `id`; false when it has none by that id (another connection's is not its own). */
    remove(owner: SubscriptionOwner, id: number): boolean {
      const subscription = byOwner.get(owner)?.get(id)
      if (!subscription) return false
      subscription.active = false
      byOwner.get(owner)?.delete(id)
      index(subscription, false)
      return true
    },

    /** Removes everything `owner` held (its connection closed). */
    removeOwner(owner: SubscriptionOwner): void {
      const owned = byOwner.get(owner)
      if (!owned) return
      for (const subscription of owned.values()) {
        subscription.active = false
        index(subscription, false)
      }
      byOwner.delete(owner)
    },

    getAccountSubscribers: (address: string): ReadonlySet<Subscription> => accounts.get(address) ?? NONE,
    getProgramSubscribers: (program: string): ReadonlySet<Subscription> => programs.get(program) ?? NONE,
    getSignatureSubscribers: (signature: string): ReadonlySet<Subscription> => signatures.get(signature) ?? NONE,
    getLogsSubscribers: (): ReadonlySet<Subscription> => logs,
    getSlotSubscribers: (): ReadonlySet<Subscription> => slots,
    getRootSubscribers: (): ReadonlySet<Subscription> => roots,
  }
}
