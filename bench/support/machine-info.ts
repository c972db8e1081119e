/** What a result was measured on: machine, runtime, library versions and the git state. */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { toRepositoryPath } from './repository-path.js'

export interface GitState {
  commit: string
  /** Uncommitted changes (tracked or untracked) were present: the figures may not match `commit`. */
  dirty: boolean
  changedFiles: number
}

export interface MachineInfo {
  cpuModel: string
  cpuCount: number
  /** os.availableParallelism(): what the process may actually use. */
  availableParallelism: number
  totalMemoryGiB: number
  platform: string
  release: string
  arch: string
  node: string
  v8: string
  /** Node's flags, paths in them relative to the repository (toRepositoryPath). */
  execArgv: string[]
  /** Whether global.gc was exposed (--expose-gc): the harness then collects between paths. */
  gcExposed: boolean
  versions: Record<string, string>
}

const PACKAGES = ['litesvm', '@solana/kit', 'fastify', 'lru-cache', 'tsx'] as const

function readVersion(root: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'not installed'
  }
}

/** Machine and versions, `root` being the repository (for node_modules). */
export function getMachineInfo(root: string): MachineInfo {
  const cpus = os.cpus()
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    availableParallelism: os.availableParallelism(),
    totalMemoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    platform: os.platform(),
    release: os.release(),
    arch: os.arch(),
    node: process.version,
    v8: process.versions.v8,
    execArgv: process.execArgv.map((arg) => toRepositoryPath(root, arg)),
    gcExposed: typeof globalThis.gc === 'function',
    versions: Object.fromEntries(PACKAGES.map((name) => [name, readVersion(root, name)])),
  }
}

/**
 * The short commit and whether the tree has changes (git status --porcelain), results files
 * aside: earlier results lying in bench/results/ change nothing that is measured.
 */
export function getGitState(root: string): GitState {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
  try {
    const changed = git('status', '--porcelain', '--', '.', ':(exclude)bench/results')
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: changed !== '',
      changedFiles: changed === '' ? 0 : changed.split('\n').length,
    }
  } catch {
    return { commit: 'nogit', dirty: true, changedFiles: 0 }
  }
}

/** 1, 5 and 15 minute load averages, rounded: how busy the machine was around the run. */
export function getLoadAverage(): number[] {
  return os.loadavg().map((load) => Math.round(load * 100) / 100)
}
