/**
 * bench/gc/heap-census.ts reads a V8 heap snapshot: the live heap by type and the largest objects,
 * each with its shortest chain of strong references; on a hand-made snapshot and on a real one
 * written by a Node process.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { summarizeHeapSnapshot } from '../../bench/gc/heap-census.js'

const NODE_FIELDS = ['type', 'name', 'id', 'self_size', 'edge_count']
const EDGE_FIELDS = ['type', 'name_or_index', 'to_node']

/** A snapshot of `nodes` ([type, name, size, edges]) whose edges name their target by index. */
function toSnapshot(nodes: Array<[string, string, number, Array<[string, string, number]>]>): string {
  const nodeTypes = ['synthetic', 'object', 'array']
  const edgeTypes = ['property', 'weak']
  const strings: string[] = []
  const intern = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1)
  const flatNodes: number[] = []
  const flatEdges: number[] = []
  nodes.forEach(([type, name, size, edges], id) => {
    flatNodes.push(nodeTypes.indexOf(type), intern(name), id, size, edges.length)
    for (const [edgeType, edgeName, to] of edges) flatEdges.push(edgeTypes.indexOf(edgeType), intern(edgeName), to * NODE_FIELDS.length)
  })
  const meta = { node_fields: NODE_FIELDS, node_types: [nodeTypes], edge_fields: EDGE_FIELDS, edge_types: [edgeTypes] }
  return JSON.stringify({ snapshot: { meta }, nodes: flatNodes, edges: flatEdges, strings })
}

t.test('by type, and the largest objects through their shortest strong chain', async (t) => {
  const text = summarizeHeapSnapshot(
    toSnapshot([
      [
        'synthetic',
        '(root)',
        0,
        [
          ['property', 'cache', 1],
          ['property', 'long', 3],
          ['weak', 'weakly', 4],
        ],
      ],
      ['object', 'Cache', 100, [['property', 'slots', 2]]],
      ['array', 'slots', 900_000, []],
      ['object', 'Detour', 50, [['property', 'again', 2]]],
      ['array', 'orphan', 400_000, []],
    ]),
    { top: 2 },
  )
  t.match(text, /^live heap: 1\.30 MB in 5 objects\n/)
  t.match(text, /\n\s+1\.30 MB {2}array\n\s+0\.00 MB {2}object\n/, 'bytes summed by type, largest first')
  t.match(text, /\n\s+900 KB {2}array slots {2}← {2}\.slots of object Cache {2}← {2}\.cache of synthetic \(root\)\n/, 'the shortest chain')
  t.match(text, /\n\s+400 KB {2}array orphan {2}← {2}\(reached by weak references only\)\n/, 'a weak edge does not retain')
})

t.test('a real snapshot: the array a global holds, found with its chain', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'heap-census-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'probe.heapsnapshot')
  // Written a turn later: from the statement that made it, the array would be held by the stack too.
  const script = `globalThis.censusProbe = { rows: new Array(300000).fill(0) }
    setImmediate(() => require('node:v8').writeHeapSnapshot(${JSON.stringify(path)}))`
  // Plain node, not the test runner's loader: a small heap, written quickly.
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '' } })
  const [code] = (await once(child, 'exit')) as [number | null]
  t.equal(code, 0, 'the probe wrote its snapshot')
  const text = summarizeHeapSnapshot(readFileSync(path, 'utf8'), { top: 3 })
  t.match(text, /^live heap: [\d.]+ MB in [\d,]+ objects\n/)
  t.match(
    text,
    /\n\s+2400 KB {2}array \(object elements\) {2}← {2}\.elements of object Array {2}← {2}\.rows of object Object {2}← {2}\.censusProbe of /,
  )
})
