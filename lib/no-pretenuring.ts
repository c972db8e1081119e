/**
 * Turns off V8's allocation-site pretenuring for the whole process (every isolate: the serving
 * thread and the simulate workers). Imported first by every entry point, before anything allocates.
 *
 * Why: a burst that leaves many calls in flight across a young-generation collection makes V8
 * decide that their allocation sites (HTTP/2 streams, gRPC calls, answers) make long-lived objects,
 * and allocate them straight into the old generation from then on. That decision is never
 * revisited (the statistics come from young objects only), so for the rest of the process every
 * call leaves its objects in the old generation, dead, and each scavenge keeps what they point to
 * alive and promotes it: 6–13 KB a call instead of ≈1.5, scavenges of 8–13 ms instead of 4–5, and
 * an old generation growing until a full collection (bench/README.md, "Pretenuring").
 *
 * A launch flag would miss `node dist/main.js` and Node refuses it in NODE_OPTIONS; the flag is
 * read at each collection and each compilation, so setting it before the service allocates holds.
 */
import { setFlagsFromString } from 'node:v8'

setFlagsFromString('--no-allocation-site-pretenuring')
