/**
 * Reads a V8 sampling heap profile (the inspector's `HeapProfiler.stopSampling`): the bytes each
 * function allocated itself, and the bytes allocated under each of the project's own functions
 * nearest the allocation (so a fastify, pg or Node internal allocation is charged to our code that
 * called it), per call of the run.
 */
import { relative } from 'node:path'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}

export interface SamplingHeapProfileNode {
  callFrame: CallFrame
  /** Bytes sampled at this node itself (an estimate: samples × their sizes). */
  selfSize: number
  children: SamplingHeapProfileNode[]
}

export interface SamplingHeapProfile {
  head: SamplingHeapProfileNode
}

export interface AllocationSummaryOptions {
  /** Calls served while sampling: the divisor of bytes a call. */
  calls: number
  top: number
  /** The repository's root: frames under it and outside node_modules are the project's own. */
  root: string
}

/** A frame's file: ES modules name it by file: URL, CommonJS ones (fastify, pg) by absolute path. */
function toFilePath(url: string): string | undefined {
  if (url.startsWith('file://')) return new URL(url).pathname
  return url.startsWith('/') ? url : undefined
}

/** "name  path:line", the path relative to the repository when inside it. */
function describeFrame(frame: CallFrame, root: string): string {
  const file = toFilePath(frame.url)
  const path = file === undefined ? frame.url : file.startsWith(root) ? relative(root, file) : file
  // Modules compiled by tsx report line 0: their functions are named by file alone.
  const where = !path ? '' : frame.lineNumber > 0 ? `  ${path}:${frame.lineNumber + 1}` : `  ${path}`
  return `${frame.functionName || '(anonymous)'}${where}`
}

function isOwnFrame(frame: CallFrame, root: string): boolean {
  const file = toFilePath(frame.url)
  return file !== undefined && file.startsWith(root) && !file.includes('/node_modules/')
}

function addTo(totals: Map<string, number>, key: string, bytes: number): void {
  totals.set(key, (totals.get(key) ?? 0) + bytes)
}

function formatTable(title: string, totals: Map<string, number>, options: AllocationSummaryOptions, all: number): string {
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, options.top)
  const lines = rows.map(([key, bytes]) => {
    const share = ((100 * bytes) / all).toFixed(1).padStart(5)
    const perCall = (bytes / Math.max(1, options.calls)).toFixed(0).padStart(7)
    return `  ${share}% ${perCall} B/call  ${key}`
  })
  return `${title}\n${lines.join('\n')}\n`
}

/** The summary as text: the total per call, then both tables. */
export function summarizeAllocations(profile: SamplingHeapProfile, options: AllocationSummaryOptions): string {
  const self = new Map<string, number>()
  const underOwn = new Map<string, number>()
  let all = 0
  const visit = (node: SamplingHeapProfileNode, nearestOwn: string | undefined): void => {
    const key = describeFrame(node.callFrame, options.root)
    const own = isOwnFrame(node.callFrame, options.root) ? key : nearestOwn
    if (node.selfSize > 0) {
      all += node.selfSize
      addTo(self, key, node.selfSize)
      addTo(underOwn, own ?? '(no frame of ours on the stack)', node.selfSize)
    }
    for (const child of node.children) visit(child, own)
  }
  visit(profile.head, undefined)
  const header = `sampled ${(all / 1e6).toFixed(1)} MB allocated on the serving thread: ${(all / Math.max(1, options.calls)).toFixed(0)} B a call\n`
  return (
    header +
    formatTable('allocated by the function itself', self, options, all) +
    formatTable("allocated under the project's own function nearest the allocation", underOwn, options, all)
  )
}
