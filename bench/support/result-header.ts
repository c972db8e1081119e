/**
 * The fields every benchmark result starts with: which benchmark, when and how long, the commit,
 * the machine and the versions measured. Shared by the load and floor benchmarks so their results
 * compare field for field.
 */
import { getPackageVersions } from '../load/load-report.js'
import { getGitState, getMachineInfo } from './machine-info.js'

export interface ResultHeader<B extends string> {
  benchmark: B
  startedAt: string
  durationS: number
  git: { commit: string; dirty: boolean }
  machine: { cpuModel: string; cpus: number; memoryGb: number; node: string; platform: string }
  versions: Record<string, string>
}

/** The header of a run of `benchmark` started at `startedAt` in the repository `root`, with `packages`' versions. */
export function getResultHeader<B extends string>(
  benchmark: B,
  root: string,
  startedAt: Date,
  packages: readonly string[],
): ResultHeader<B> {
  const machine = getMachineInfo(root)
  const git = getGitState(root)
  return {
    benchmark,
    startedAt: startedAt.toISOString(),
    durationS: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
    git: { commit: git.commit, dirty: git.dirty },
    machine: {
      cpuModel: machine.cpuModel,
      cpus: machine.cpuCount,
      memoryGb: machine.totalMemoryGiB,
      node: machine.node,
      platform: `${machine.platform} ${machine.release} ${machine.arch}`,
    },
    versions: { ...machine.versions, ...getPackageVersions(root, packages) },
  }
}
