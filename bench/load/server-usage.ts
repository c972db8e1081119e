/**
 * CPU, RSS and GC pauses of this process (the server, when the stack runs in process) over a
 * measured window: CPU from process.cpuUsage() in % of one core, RSS sampled every 50 ms.
 */
import { createGcPauseLog, type GcPauseStats } from './gc-pauses.js'
import type { ServerUsage } from './load-results.js'

export interface ServerUsageMeter {
  begin(): void
  /** The usage since begin() (zeros when the window never began); the window is closed. */
  end(): ServerUsage
  /** GC pauses of the last closed window; read after the run (entries arrive asynchronously). */
  getLastGc(): GcPauseStats
  stop(): void
}

const RSS_SAMPLE_MS = 50

/** A meter of this process. */
export function createServerUsageMeter(): ServerUsageMeter {
  const gcPauses = createGcPauseLog()
  let cpuStart: NodeJS.CpuUsage | undefined
  let window: [number, number] = [0, 0]
  let rssMax = 0
  let sampler: NodeJS.Timeout | undefined
  const sample = () => {
    rssMax = Math.max(rssMax, process.memoryUsage.rss())
  }
  return {
    begin() {
      cpuStart = process.cpuUsage()
      window = [performance.now(), performance.now()]
      rssMax = 0
      sample()
      sampler = setInterval(sample, RSS_SAMPLE_MS)
    },
    end() {
      if (sampler) clearInterval(sampler)
      sampler = undefined
      if (!cpuStart) return { cpuPct: 0, rssMaxMb: 0 }
      sample()
      const cpu = process.cpuUsage(cpuStart)
      window = [window[0], performance.now()]
      const wallUs = (window[1] - window[0]) * 1000
      cpuStart = undefined
      return {
        cpuPct: wallUs > 0 ? Math.round(((cpu.user + cpu.system) / wallUs) * 1000) / 10 : 0,
        rssMaxMb: Math.round((rssMax / 1024 ** 2) * 10) / 10,
      }
    },
    getLastGc: () => gcPauses.getStats(window[0], window[1]),
    stop() {
      if (sampler) clearInterval(sampler)
      gcPauses.stop()
    },
  }
}
