/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time, and the
 * most inclusive time, aggregated by function and location. Usage:
 *   npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [--top N] [--under functionName]
 * `--under` counts only samples whose stack contains that function (e.g. simulateTransaction),
 * so set-up and other paths drop out.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { FlagError, readFlags, readFlagsOrExit } from './support/command-line.js'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}

interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}

interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

function getFrameKey(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)'
  if (!frame.url) return name
  const url = frame.url.startsWith('file://') ? relative(process.cwd(), new URL(frame.url).pathname) : frame.url
  // Under tsx every function reports line 0 of its transformed module: show the line only when known.
  return frame.lineNumber > 0 ? `${name}  ${url}:${frame.lineNumber + 1}` : `${name}  ${url}`
}

/** Self and inclusive microseconds per function key, over samples (optionally under `under`). */
function getProfileTimes(
  profile: CpuProfile,
  under?: string,
): { self: Map<string, number>; total: Map<string, number>; sampledUs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  let sampledUs = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number
    // timeDeltas[i] is the time before sample i; attribute the next delta to this sample.
    const us = profile.timeDeltas[i + 1] ?? 0
    const stack: string[] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)
      if (node) stack.push(getFrameKey(node.callFrame))
    }
    if (under && !stack.some((key) => key.startsWith(`${under} `) || key === under)) continue
    sampledUs += us
    const leaf = stack[0]
    if (leaf) self.set(leaf, (self.get(leaf) ?? 0) + us)
    for (const key of new Set(stack)) total.set(key, (total.get(key) ?? 0) + us)
  }
  return { self, total, sampledUs }
}

function printTop(title: string, times: Map<string, number>, sampledUs: number, top: number): void {
  console.log(`\n${title}`)
  const rows = [...times.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  for (const [key, us] of rows)
    console.log(`${((us / sampledUs) * 100).toFixed(1).padStart(6)}%  ${(us / 1000).toFixed(1).padStart(9)} ms  ${key}`)
}

const USAGE = 'usage: npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [--top N] [--under functionName]'
const { values, positionals } = readFlags(
  'npx tsx bench/cpu-profile-summary.ts',
  { allowPositionals: true, options: { top: { type: 'string' }, under: { type: 'string' } } },
  USAGE,
)
const file =
  positionals[0] ??
  readFlagsOrExit(USAGE, () => {
    throw new FlagError('which profile? name a .cpuprofile file')
  })
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
const { self, total, sampledUs } = getProfileTimes(profile, values.under)
console.log(`${file}: ${(sampledUs / 1000).toFixed(1)} ms sampled${values.under ? ` under ${values.under}` : ''}`)
printTop('self time', self, sampledUs, Number(values.top ?? 25))
printTop('inclusive time', total, sampledUs, Number(values.top ?? 25))
