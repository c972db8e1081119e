/**
 * Reads a V8 heap snapshot (the `.heapsnapshot` JSON that `v8.writeHeapSnapshot` and Chrome
 * DevTools write) and says what the live heap holds: bytes by node type (code, strings, arrays,
 * objects, array buffers' native memory, …) and the largest single objects, each with the shortest
 * chain of strong references that keeps it alive. A full collection marks the whole live heap in
 * its pause when the program leaves it no time to mark concurrently, so this is what that pause
 * is made of.
 */

interface HeapSnapshotJson {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] }
  }
  nodes: number[]
  edges: number[]
  strings: string[]
}

export interface HeapCensusOptions {
  /** How many of the largest objects to list. */
  top: number
}

/** The census as text: the total, bytes by type, and the largest objects with what retains them. */
export function summarizeHeapSnapshot(json: string, options: HeapCensusOptions): string {
  const snapshot = JSON.parse(json) as HeapSnapshotJson
  const graph = new HeapGraph(snapshot)
  const lines: string[] = []
  lines.push(`live heap: ${toMb(graph.totalBytes())} MB in ${graph.nodeCount.toLocaleString('en-US')} objects`)
  lines.push('by type (a native array buffer is memory outside the JavaScript heap: not marked)')
  for (const [type, bytes] of graph.bytesByType()) lines.push(`  ${toMb(bytes).padStart(8)} MB  ${type}`)
  lines.push(`the ${options.top} largest objects, each with the shortest chain of strong references from the roots`)
  for (const node of graph.largestNodes(options.top)) {
    lines.push(`  ${toKb(graph.selfSize(node)).padStart(8)} KB  ${graph.describeRetainers(node)}`)
  }
  return lines.join('\n') + '\n'
}

const toMb = (bytes: number) => (bytes / 1e6).toFixed(2)
const toKb = (bytes: number) => (bytes / 1e3).toFixed(0)

/** The snapshot's flat node and edge arrays, read by field. */
class HeapGraph {
  readonly nodeCount: number
  private readonly nodeFieldCount: number
  private readonly edgeFieldCount: number
  private readonly field: {
    type: number
    name: number
    selfSize: number
    edgeCount: number
    edgeType: number
    edgeName: number
    toNode: number
  }
  private readonly firstEdge: Uint32Array
  /** Each node's retainer on a shortest strong path from the root (-1: the root, or not reached). */
  private readonly retainer: Int32Array
  /** The edge (index into `edges`) from the retainer. */
  private readonly retainerEdge: Int32Array

  constructor(private readonly snapshot: HeapSnapshotJson) {
    const { meta } = snapshot.snapshot
    this.nodeFieldCount = meta.node_fields.length
    this.edgeFieldCount = meta.edge_fields.length
    this.field = {
      type: meta.node_fields.indexOf('type'),
      name: meta.node_fields.indexOf('name'),
      selfSize: meta.node_fields.indexOf('self_size'),
      edgeCount: meta.node_fields.indexOf('edge_count'),
      edgeType: meta.edge_fields.indexOf('type'),
      edgeName: meta.edge_fields.indexOf('name_or_index'),
      toNode: meta.edge_fields.indexOf('to_node'),
    }
    this.nodeCount = snapshot.nodes.length / this.nodeFieldCount
    this.firstEdge = new Uint32Array(this.nodeCount + 1)
    for (let node = 0; node < this.nodeCount; node++) {
      this.firstEdge[node + 1] = (this.firstEdge[node] as number) + this.edgeCountOf(node) * this.edgeFieldCount
    }
    this.retainer = new Int32Array(this.nodeCount).fill(-1)
    this.retainerEdge = new Int32Array(this.nodeCount).fill(-1)
    this.findShortestRetainers()
  }

  totalBytes(): number {
    let total = 0
    for (let node = 0; node < this.nodeCount; node++) total += this.selfSize(node)
    return total
  }

  /** Bytes by node type, largest first; native nodes by their name (what memory they are). */
  bytesByType(): Array<[string, number]> {
    const bytes = new Map<string, number>()
    for (let node = 0; node < this.nodeCount; node++) {
      const type = this.typeOf(node)
      const key = type === 'native' ? `native: ${this.nameOf(node).slice(0, 50)}` : type
      bytes.set(key, (bytes.get(key) ?? 0) + this.selfSize(node))
    }
    return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 16)
  }

  largestNodes(count: number): number[] {
    const nodes = Array.from({ length: this.nodeCount }, (_, node) => node)
    return nodes.sort((a, b) => this.selfSize(b) - this.selfSize(a)).slice(0, count)
  }

  selfSize(node: number): number {
    return this.snapshot.nodes[node * this.nodeFieldCount + this.field.selfSize] as number
  }

  /** `type name ← edge ← type name ← …` up to the root, shortened to the first few steps. */
  describeRetainers(node: number): string {
    const steps = [this.label(node)]
    for (let at = node; this.retainer[at] !== -1 && steps.length < 8; at = this.retainer[at] as number) {
      steps.push(`${this.edgeLabel(this.retainerEdge[at] as number)} of ${this.label(this.retainer[at] as number)}`)
    }
    if (this.retainer[node] === -1 && node !== 0) steps.push('(reached by weak references only)')
    return steps.join('  ←  ')
  }

  /** Breadth first from the root over strong edges: each node's retainer on a shortest path. */
  private findShortestRetainers(): void {
    const { edges } = this.snapshot
    const seen = new Uint8Array(this.nodeCount)
    const queue = new Uint32Array(this.nodeCount)
    let [head, tail] = [0, 0]
    queue[tail++] = 0
    seen[0] = 1
    while (head < tail) {
      const from = queue[head++] as number
      for (let edge = this.firstEdge[from] as number; edge < (this.firstEdge[from + 1] as number); edge += this.edgeFieldCount) {
        if (this.edgeTypeOf(edge) === 'weak') continue
        const to = (edges[edge + this.field.toNode] as number) / this.nodeFieldCount
        if (seen[to]) continue
        seen[to] = 1
        this.retainer[to] = from
        this.retainerEdge[to] = edge
        queue[tail++] = to
      }
    }
  }

  private edgeCountOf(node: number): number {
    return this.snapshot.nodes[node * this.nodeFieldCount + this.field.edgeCount] as number
  }

  private typeOf(node: number): string {
    const type = this.snapshot.nodes[node * this.nodeFieldCount + this.field.type] as number
    return this.snapshot.snapshot.meta.node_types[0][type] as string
  }

  private nameOf(node: number): string {
    return this.snapshot.strings[this.snapshot.nodes[node * this.nodeFieldCount + this.field.name] as number] as string
  }

  private label(node: number): string {
    const name = this.nameOf(node).replace(/\s+/g, ' ').slice(0, 60)
    return `${this.typeOf(node)} ${name || '(no name)'}`
  }

  private edgeTypeOf(edge: number): string {
    return this.snapshot.snapshot.meta.edge_types[0][this.snapshot.edges[edge + this.field.edgeType] as number] as string
  }

  /** A property's name, or an element's index in brackets. */
  private edgeLabel(edge: number): string {
    const type = this.edgeTypeOf(edge)
    const nameOrIndex = this.snapshot.edges[edge + this.field.edgeName] as number
    return type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : `.${this.snapshot.strings[nameOrIndex]}`
  }
}
