/**
 * CPU time from Linux's /proc, for bench/floor/cpu-budget.ts: per thread of a process, for the
 * whole machine, and a process's children. Times are in clock ticks (USER_HZ, 100 a second on
 * Linux): coarse, so read them over runs of seconds.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Microseconds in a clock tick (USER_HZ = 100). */
export const TICK_US = 10_000

export interface ThreadTicks {
  /** The thread's name (`comm`): Node names its threads "node" unless the code says otherwise. */
  name: string
  /** User and system CPU time so far. */
  ticks: number
}

/** Every live thread of `pid` by thread id (the main thread's id is the pid). */
export function readThreadTicks(pid: number): Map<number, ThreadTicks> {
  const threads = new Map<number, ThreadTicks>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      // Fields after the name, which may hold spaces and parentheses: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
      threads.set(Number(tid), { name, ticks: Number(fields[11]) + Number(fields[12]) })
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads
}

/** CPU time the whole machine spent busy (user, nice, system, irq, softirq, steal) so far. */
export function readMachineTicks(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return user + nice + system + irq + softirq + steal
}

/** The processes `pid` started that are still running (its main thread's children). */
export function getChildPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}
