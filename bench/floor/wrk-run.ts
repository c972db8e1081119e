/** Runs wrk (closed loop, HTTP/1.1 keep-alive) with the Lua script of wrk-script.ts and reads its figures. */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fromMicroseconds, type FloorRun } from './floor-run.js'
import { createWrkScript, parseWrkOutput } from './wrk-script.js'

const run = promisify(execFile)

export const WRK = '/usr/bin/wrk'

export interface WrkRunOptions {
  /** http://host:port */
  origin: string
  path: string
  headers: Readonly<Record<string, string>>
  bodies: readonly string[]
  threads: number
  connections: number
  durationS: number
  /** Where the script and the bodies are written. */
  workDir: string
  /** A name for the files, unique within workDir. */
  name: string
  /** Body i carries values[i % values.length] in header `name` (many callers: wrk-script.ts). */
  rotatedHeader?: { name: string; values: readonly string[] }
}

/** Runs wrk once; `concurrency` of the result is its connection count. */
export async function runWrk(options: WrkRunOptions): Promise<Omit<FloorRun, 'gc' | 'mode'>> {
  const bodiesFile = join(options.workDir, `${options.name}.bodies`)
  const scriptFile = join(options.workDir, `${options.name}.lua`)
  writeFileSync(bodiesFile, `${options.bodies.join('\n')}\n`)
  const rotated = options.rotatedHeader
  const valuesFile = join(options.workDir, `${options.name}.rotated`)
  if (rotated) writeFileSync(valuesFile, `${rotated.values.join('\n')}\n`)
  const rotatedHeader = rotated ? { name: rotated.name, valuesFile } : undefined
  writeFileSync(scriptFile, createWrkScript({ path: options.path, headers: options.headers, bodiesFile, rotatedHeader }))
  const args = ['-t', String(options.threads), '-c', String(options.connections), '-d', `${options.durationS}s`, '--timeout', '10s']
  const { stdout } = await run(WRK, [...args, '-s', scriptFile, `${options.origin}${options.path}`], { maxBuffer: 1 << 20 })
  const figures = parseWrkOutput(stdout)
  const errors = figures.connectErrors + figures.readErrors + figures.writeErrors + figures.statusErrors + figures.timeouts
  const durationS = figures.durationUs / 1e6
  return {
    tool: `wrk (${options.threads} thread${options.threads === 1 ? '' : 's'}, ${options.connections} connection${options.connections === 1 ? '' : 's'}, Lua cycling ${options.bodies.length} bodies${rotated ? ` over ${rotated.values.length} ${rotated.name} values` : ''})`,
    concurrency: options.connections,
    targetRatePerS: null,
    achievedRatePerS: Math.round((figures.requests / durationS) * 10) / 10,
    durationS: Math.round(durationS * 100) / 100,
    latency: fromMicroseconds(figures, figures.requests, errors),
    firstError:
      errors > 0
        ? `wrk: ${figures.statusErrors} HTTP ≥ 400, ${figures.timeouts} timeouts, ${figures.connectErrors + figures.readErrors + figures.writeErrors} socket errors`
        : null,
  }
}
