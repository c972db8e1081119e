/**
 * Checks waiting for a live stream to show a blockhash the tracker has not seen. A client reads its
 * blockhash from its own node, which is often a slot or two ahead of our stream: the wait ends as
 * soon as the stream shows that blockhash, or once it has shown `STREAM_WAIT_BLOCKS` other blocks
 * (the blockhash is older, made up, or further ahead: the chain is asked), or at the time bound.
 */
import type { AccountKey } from './account-key.js'

/** Blocks the stream may show before a wait gives up on its blockhash. */
export const STREAM_WAIT_BLOCKS = 2

export interface BlockhashWaiters {
  /** Resolves true when the stream shows `key`, false after `STREAM_WAIT_BLOCKS` other blocks, `waitMs` or an abort. */
  wait(key: AccountKey, waitMs: number, signal?: AbortSignal): Promise<boolean>
  /** Tells the waiters the stream showed a block. */
  onBlock(key: AccountKey): void
  /** Ends every wait (the tracker stops). */
  wakeAll(): void
  /** Waits in progress. */
  readonly size: number
}

interface Waiter {
  key: AccountKey
  blocksLeft: number
  end(shown: boolean): void
}

/** Creates an empty set of waiters. */
export function createBlockhashWaiters(): BlockhashWaiters {
  const waiters = new Set<Waiter>()

  return {
    wait(key, waitMs, signal) {
      return new Promise((resolve) => {
        const waiter: Waiter = {
          key,
          blocksLeft: STREAM_WAIT_BLOCKS,
          end(shown) {
            clearTimeout(timer)
            waiters.delete(waiter)
            signal?.removeEventListener('abort', abort)
            resolve(shown)
          },
        }
        const abort = (): void => waiter.end(false)
        const timer = setTimeout(abort, waitMs)
        signal?.addEventListener('abort', abort, { once: true })
        waiters.add(waiter)
      })
    },
    onBlock(key) {
      // A scan: each waiter is visited at most STREAM_WAIT_BLOCKS times before it ends.
      for (const waiter of waiters) {
        if (waiter.key === key) waiter.end(true)
        else if (--waiter.blocksLeft <= 0) waiter.end(false)
      }
    },
    wakeAll() {
      for (const waiter of waiters) waiter.end(false)
    },
    get size() {
      return waiters.size
    },
  }
}
