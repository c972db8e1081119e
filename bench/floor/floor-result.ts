/** The floor benchmark's result file: bench/results/<YYYY-MM-DD>-<commit>-floor.json. */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { DoorName, DoorRuns } from './door-runs.js'
import type { FloorLatency, FloorRun } from './floor-run.js'

/** One target of floor-targets.ts against what a run measured. */
export interface TargetCheck {
  /** e.g. `rest.one-caller.p50`. */
  id: string
  measured: number
  limit: number
  /** How measured compares with limit when it passes. */
  pass: boolean
  comparison: '≤' | '≥'
  unit: 'ms' | '/s'
}

export interface DoorResult {
  door: DoorName
  bare: DoorRuns
  service: DoorRuns
}

/** `npm start` as it is (localnet inside the service) against localnet in a process of its own. */
export interface LocalnetPlacement {
  localnetApart: { oneCaller: FloorRun; saturation: FloorRun }
  localnetInProcess: { oneCaller: FloorRun; saturation: FloorRun }
  /** Which placement had the higher REST saturation throughput (and its ratio to the other). */
  faster: 'apart' | 'in-process'
  saturationRatio: number
}

export interface FloorBenchResult {
  benchmark: 'floor'
  startedAt: string
  durationS: number
  git: { commit: string; dirty: boolean }
  machine: { cpuModel: string; cpus: number; memoryGb: number; node: string; platform: string }
  versions: Record<string, string>
  loadAverage: { start: number[]; end: number[] }
  settings: Record<string, unknown>
  transactions: { count: number; kinds: string[] }
  floor: { liteSvm: FloorLatency; engine: FloorLatency }
  doors: DoorResult[]
  /** REST simulate-batch at saturation; its rate is batches/s (× batchSize simulations). */
  batch: { batchSize: number; run: FloorRun; simulationsPerS: number } | null
  placement: LocalnetPlacement | null
  /** Every service figure over its bare server's and the floors' (floor-targets.ts). */
  ratios: Record<string, number | null>
  targets: TargetCheck[]
}

/** Writes `result` under `dir` and returns the file's path. */
export function writeFloorResult(root: string, dir: string, result: FloorBenchResult): string {
  const directory = resolve(root, dir)
  mkdirSync(directory, { recursive: true })
  const file = join(directory, `${result.startedAt.slice(0, 10)}-${result.git.commit}-floor.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  return file
}

/**
 * The newest floor result committed to git under `dir`, or null: by the run's own start time, since
 * two runs of one day sort by their commit hashes in name.
 */
export function findCommittedFloorResult(root: string, dir: string): string | null {
  const listed = execFileSync('git', ['ls-files', '--', dir], { cwd: root, encoding: 'utf8' })
  const files = listed.split('\n').filter((file) => file.endsWith('-floor.json'))
  let latest: { file: string; startedAt: string } | undefined
  for (const file of files) {
    const { startedAt } = JSON.parse(readFileSync(join(root, file), 'utf8')) as { startedAt: string }
    if (!latest || startedAt > latest.startedAt) latest = { file, startedAt }
  }
  return latest ? join(root, latest.file) : null
}
