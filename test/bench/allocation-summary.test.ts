/**
 * bench/gc/allocation-summary.ts reads V8's sampling heap profile: bytes by allocating function,
 * and by the project's own function nearest each allocation; bench/gc/inspector-session.ts takes
 * such a profile from a real Node process over its inspector.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import t from 'tap'
import { summarizeAllocations, type SamplingHeapProfileNode } from '../../bench/gc/allocation-summary.js'
import { openInspector } from '../../bench/gc/inspector-session.js'
import { getFreePort } from '../../lib/free-port.js'

const ROOT = '/repo'
const node = (functionName: string, url: string, selfSize: number, children: SamplingHeapProfileNode[] = []): SamplingHeapProfileNode => ({
  callFrame: { functionName, url, lineNumber: 0 },
  selfSize,
  children,
})

t.test('bytes are charged to the allocating function and to our nearest frame, per call', async (t) => {
  const profile = {
    head: node('(root)', '', 0, [
      node('handler', 'file:///repo/edge/routes/simulate.ts', 1_000, [
        node('send', '/repo/node_modules/fastify/lib/reply.js', 3_000, [node('writev', 'node:net', 2_000)]),
      ]),
      node('(V8 API)', '', 4_000),
    ]),
  }
  const text = summarizeAllocations(profile, { calls: 10, top: 10, root: ROOT })
  t.match(text, /^sampled 0\.0 MB allocated on the serving thread: 1000 B a call\n/)
  t.match(text, /40\.0%\s+400 B\/call {2}\(V8 API\)\n/, 'a native allocation is its own line')
  t.match(text, /30\.0%\s+300 B\/call {2}send {2}node_modules\/fastify\/lib\/reply\.js\n/, 'paths are relative to the repository')
  const [, nearest] = text.split("allocated under the project's own function nearest the allocation\n")
  t.match(
    nearest,
    /60\.0%\s+600 B\/call {2}handler {2}edge\/routes\/simulate\.ts\n/,
    "fastify's and node's bytes under our handler go to it",
  )
  t.match(nearest, /40\.0%\s+400 B\/call {2}\(no frame of ours on the stack\)\n/)
})

t.test('a real process: sampling through its inspector finds the function that allocates', async (t) => {
  const port = await getFreePort()
  const script = `globalThis.keep = []; function allocateRows() { for (let i = 0; i < 2000; i++) globalThis.keep.push({ i, text: 'row ' + i }); globalThis.keep.length = 0 }
    setInterval(allocateRows, 1); process.stderr.write('allocating\\n')`
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${port}`, '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] })
  t.teardown(() => child.kill('SIGKILL'))
  // Sampled once the script runs, not while node (and a loader NODE_OPTIONS names, such as tsx's
  // under the test runner) still loads: on a slow machine that took longer than the sampling.
  let printed = ''
  for await (const chunk of child.stderr) if ((printed += String(chunk)).includes('allocating\n')) break
  const inspector = await openInspector(port)
  t.teardown(() => inspector.close())
  await inspector.call('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMinorGC: true })
  await new Promise((resolve) => setTimeout(resolve, 300))
  const { profile } = (await inspector.call('HeapProfiler.stopSampling')) as { profile: Parameters<typeof summarizeAllocations>[0] }
  const text = summarizeAllocations(profile, { calls: 1, top: 3, root: ROOT })
  const [bySelf] = text.split("allocated under the project's own function")
  t.match(bySelf, /allocated by the function itself\n\s+[\d.]+%\s+\d+ B\/call {2}allocateRows /, 'the allocating function tops the list')
  await t.rejects(inspector.call('HeapProfiler.noSuchMethod'), /not found|wasn't found/i, "the protocol's errors reject")
  child.kill('SIGKILL')
  await once(child, 'exit')
})
