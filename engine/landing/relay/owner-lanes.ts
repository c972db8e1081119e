/**
 * The relay queue's sends, one line per owner (a user; the service's own calls have theirs) served
 * in turn: round robin across the owners that have something waiting, first come first served
 * within each line. So however many calls one owner keeps queued, another owner's call waits for at
 * most one call of each owner ahead of it in the turn, never behind the whole of someone else's
 * backlog. Sizes are small (a few owners, a few calls each): plain arrays, O(owners) operations.
 */

export interface OwnedItem {
  readonly owner: string
}

export interface OwnerLanes<T extends OwnedItem> {
  /** Items waiting, every owner together. */
  readonly size: number
  /** Items `owner` has waiting. */
  countOf(owner: string): number
  /** Queues `item` at the back of its owner's line (an owner new to the turn joins at its end). */
  push(item: T): void
  /** Puts `item` back at the head of its owner's line, and the owner first in the turn (a retry keeps its place). */
  unshift(item: T): void
  /** The item whose turn is next, without taking it. */
  peek(): T | undefined
  /** Takes the next item; its owner moves to the end of the turn. */
  shift(): T | undefined
  /** Takes `item` out wherever it waits; false when it is not waiting. */
  remove(item: T): boolean
  /**
   * How many items would be taken before one `owner` queued now, served in turn: the owner's own
   * waiting items, and from every other owner as many as one more than that (an upper bound: the
   * owners behind it in the turn get one fewer).
   */
  countAheadOfNew(owner: string): number
  /** Takes every item out, in no particular order. */
  drain(): T[]
}

/** Creates an empty set of lines. */
export function createOwnerLanes<T extends OwnedItem>(): OwnerLanes<T> {
  const lines = new Map<string, T[]>()
  // Owners with something waiting, the next turn first.
  const turn: string[] = []
  let size = 0

  function lineOf(owner: string): T[] {
    let line = lines.get(owner)
    if (!line) {
      line = []
      lines.set(owner, line)
    }
    return line
  }

  function dropOwnerIfEmpty(owner: string): void {
    if ((lines.get(owner)?.length ?? 0) > 0) return
    lines.delete(owner)
    const at = turn.indexOf(owner)
    if (at >= 0) turn.splice(at, 1)
  }

  return {
    get size() {
      return size
    },

    countOf(owner) {
      return lines.get(owner)?.length ?? 0
    },

    push(item) {
      const line = lineOf(item.owner)
      if (line.length === 0) turn.push(item.owner)
      line.push(item)
      size++
    },

    unshift(item) {
      const line = lineOf(item.owner)
      line.unshift(item)
      size++
      const at = turn.indexOf(item.owner)
      if (at >= 0) turn.splice(at, 1)
      turn.unshift(item.owner)
    },

    peek() {
      const owner = turn[0]
      return owner === undefined ? undefined : lines.get(owner)?.[0]
    },

    shift() {
      const owner = turn.shift()
      if (owner === undefined) return undefined
      const line = lines.get(owner) as T[]
      const item = line.shift() as T
      size--
      if (line.length > 0) turn.push(owner)
      else lines.delete(owner)
      return item
    },

    remove(item) {
      const line = lines.get(item.owner)
      const at = line ? line.indexOf(item) : -1
      if (!line || at < 0) return false
      line.splice(at, 1)
      size--
      dropOwnerIfEmpty(item.owner)
      return true
    },

    countAheadOfNew(owner) {
      const own = lines.get(owner)?.length ?? 0
      let ahead = own
      for (const [other, line] of lines) if (other !== owner) ahead += Math.min(line.length, own + 1)
      return ahead
    },

    drain() {
      const items = [...lines.values()].flat()
      lines.clear()
      turn.length = 0
      size = 0
      return items
    },
  }
}
