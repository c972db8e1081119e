/**
 * Sets V8's old-generation growing factor to 2 for the whole process (every isolate: the serving
 * thread, the simulate workers, the embedded database's worker), unless the process was launched
 * with its own `--heap-growing-percent`. Imported by every entry point right after
 * lib/no-pretenuring.ts, before the heap grows.
 *
 * Why: after each full collection V8 sets the next one's limit at the live size times a factor it
 * derives from how fast marking runs against how fast the program allocates. Under saturation on
 * two busy cores marking is slow, so it picks its smallest factor, 1.1: the serving thread's old
 * generation (≈80 MB live) had ≈8–10 MB of room, filled in 3–5 s, and each full collection paused
 * it 6–15 ms. With 2.0, none came in the 16 s after one (bench/README.md, "The heap's growing
 * factor"). The cost is memory: the old generation grows to twice its live size between full
 * collections, never past halfway to its limit (`--max-old-space-size`), which V8 keeps either way.
 * At light load, where V8 would pick up to 4.0, this is less room than its own, and full
 * collections there are rare and short anyway.
 * On the gRPC port the trade is fewer but longer stops: what a full collection clears there
 * (node:http2's header strings and stream objects) piles up for longer (159 ms after 17 s, against
 * 36–70 ms every 4–5 s with V8's own factor).
 *
 * V8 reads the flag each time it sets a limit, so setting it at start holds for the process; Node
 * refuses it in NODE_OPTIONS, and a launch flag would miss `node dist/main.js`.
 */
import { setFlagsFromString } from 'node:v8'

const HEAP_GROWING_PERCENT = 100

if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
