/**
 * What a warm simulate computes dies young: it leaves next to nothing in V8's old generation.
 *
 * Per-request memos kept in module-level WeakMaps keyed by the request's context (or its post
 * accounts) did not: on V8 11 (Node 20) a scavenge keeps every young key of an old WeakMap alive,
 * so each context, its post accounts and their native LiteSVM handles were promoted (≈3–6 KB a
 * simulate), scavenges copied them (12–15 ms each) and the old generation grew until a full
 * collection on the serving thread. The memos now live on the context (`getOnce` in
 * engine/detection/vectors/vector-context.ts). The probe runs in a process of its own
 * (test/helpers/old-generation-probe.ts) and reports the old generation's growth per call in
 * windows no full collection interrupted.
 */
import t from 'tap'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const PROBE = fileURLToPath(new URL('../../../helpers/old-generation-probe.ts', import.meta.url))
// Before the fix the old generation grew ≈6,000 bytes a call here; after, 0–30 once warm.
const MAX_BYTES_PER_CALL = 500

t.test('warm simulates leave next to nothing in the old generation', async (t) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE], { timeout: 120_000 })
  const [first, ...windows] = stdout
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          first?: { success: boolean; cached: boolean; findings: number }
          bytesPerCall?: number
          fullCollection?: boolean
        },
    )
  t.match(first?.first, { success: true, cached: false }, 'a real simulation each call (no result cache)')
  const measured = windows.filter((window) => window.fullCollection === false)
  t.ok(measured.length > 0, `a window without a full collection (of ${windows.length})`)
  for (const { bytesPerCall = Infinity } of measured) {
    t.ok(bytesPerCall < MAX_BYTES_PER_CALL, `the old generation grew ${Math.round(bytesPerCall)} bytes a call (< ${MAX_BYTES_PER_CALL})`)
  }
})
