/** A background task run every `everyMs` after its previous run settled, so two never overlap. */

export type RepeatingTask = {
  /** No further run starts; resolves when the current one (if any) settled. */
  stop(): Promise<void>
}

/** Starts repeating `task`; its failures go to `onError` and the next run still comes. */
export function createRepeatingTask(everyMs: number, task: () => Promise<void> | void, onError: (error: unknown) => void): RepeatingTask {
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => {
      timer = undefined
      running = Promise.resolve().then(task).catch(onError).finally(schedule)
    }, everyMs)
  }
  schedule()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
