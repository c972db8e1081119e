/**
 * The call tree of a simulated transaction, read from the runtime's log lines: one node per
 * instruction and CPI with its program, stack depth, compute units and outcome. Builtin programs
 * log no "consumed" line, so their cost comes from the runtime's fixed builtin costs.
 */
import type { CallNode, ProgramUsage } from '../../contract/simulate-response.js'

export type { CallNode, ProgramUsage }

/** Fixed compute costs of builtin programs (Agave's DEFAULT_COMPUTE_UNITS of each builtin). */
const BUILTIN_COMPUTE_UNITS: Record<string, number> = {
  '11111111111111111111111111111111': 150,
  ComputeBudget111111111111111111111111111111: 150,
  AddressLookupTab1e1111111111111111111111111: 750,
  Stake11111111111111111111111111111111111111: 750,
  Vote111111111111111111111111111111111111111: 2100,
  Config1111111111111111111111111111111111111: 450,
  BPFLoader1111111111111111111111111111111111: 570,
  BPFLoader2111111111111111111111111111111111: 570,
  BPFLoaderUpgradeab1e11111111111111111111111: 2370,
  LoaderV411111111111111111111111111111111111: 2000,
}

const INVOKE = /^Program (\w+) invoke \[(\d+)\]$/
const CONSUMED = /^Program (\w+) consumed (\d+) of \d+ compute units$/
const SUCCESS = /^Program (\w+) success$/
const FAILED = /^Program (\w+) failed: (.*)$/

/** Builds the call tree from simulation logs. */
export function getCallTree(logs: readonly string[]): CallNode[] {
  const roots: CallNode[] = []
  const stack: CallNode[] = []
  for (const line of logs) {
    if (!line.startsWith('Program ')) continue
    let match = INVOKE.exec(line)
    if (match) {
      const node: CallNode = {
        program_id: match[1] as string,
        depth: Number(match[2]),
        compute_units: BUILTIN_COMPUTE_UNITS[match[1] as string] ?? null,
        success: false,
        error: null,
        children: [],
      }
      const parent = stack[stack.length - 1]
      if (parent) parent.children.push(node)
      else roots.push(node)
      stack.push(node)
      continue
    }
    const current = stack[stack.length - 1]
    if (!current) continue
    match = CONSUMED.exec(line)
    if (match && match[1] === current.program_id) {
      current.compute_units = Number(match[2])
      continue
    }
    match = SUCCESS.exec(line)
    if (match && match[1] === current.program_id) {
      current.success = true
      stack.pop()
      continue
    }
    match = FAILED.exec(line)
    if (match && match[1] === current.program_id) {
      current.error = match[2] as string
      stack.pop()
    }
  }
  return roots
}

function addUsage(byProgram: Map<string, ProgramUsage>, node: CallNode): void {
  let childUnits = 0
  for (const child of node.children) childUnits += child.compute_units ?? 0
  let usage = byProgram.get(node.program_id)
  if (!usage) {
    usage = { program_id: node.program_id, compute_units: 0, invocations: 0 }
    byProgram.set(node.program_id, usage)
  }
  usage.invocations++
  usage.compute_units += Math.max(0, (node.compute_units ?? 0) - childUnits)
  for (const child of node.children) addUsage(byProgram, child)
}

/** Compute units per program, exclusive of the CPIs each one made, in order of first use. */
export function getProgramBreakdown(tree: readonly CallNode[]): ProgramUsage[] {
  const byProgram = new Map<string, ProgramUsage>()
  for (const node of tree) addUsage(byProgram, node)
  return [...byProgram.values()]
}
