/** A watch listener that keeps what it heard: the updates pushed and the end reasons, in order. */
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import type { WatchEndReason, WatchListener } from '../../engine/contract/simulation-watch.js'

export interface WatchRecorder {
  updates: SimulateResponse[]
  ends: WatchEndReason[]
  listener: WatchListener
}

export function createWatchRecorder(): WatchRecorder {
  const updates: SimulateResponse[] = []
  const ends: WatchEndReason[] = []
  return {
    updates,
    ends,
    listener: { update: (response) => void updates.push(response), end: (reason) => void ends.push(reason) },
  }
}
