/** bench/gc/gc-trace.ts reads V8's --trace-gc-nvp lines: the serving isolate, its scavenges and its full collections. */
import t from 'tap'
import { describeFullCollection, findServingIsolate, parseGcTrace, summarizeScavenges } from '../../bench/gc/gc-trace.js'

const TRACE = [
  '{"level":40,"msg":"a log line in between"}',
  '[4242:0x2a48bde0]     1200 ms: pause=1.5 mutator=70.1 gc=s reduce_memory=0 time_to_safepoint=0.00 promoted=300000 semi_space_copied=1000',
  '[4242:0x2a48bde0]     1280 ms: pause=2.5 mutator=70.1 gc=s reduce_memory=0 promoted=1700000',
  '[4242:0x7f825c000f00]     1290 ms: pause=9.0 mutator=7.0 gc=s promoted=5',
  '[4242:0x7f825c000f00]     1295 ms: pause=9.0 mutator=7.0 gc=s promoted=5',
  '[4242:0x7f825c000f00]     1296 ms: pause=9.0 mutator=7.0 gc=s promoted=5',
  '[4242:0x2a48bde0]     1300 ms: pause=43.1 mutator=5.0 gc=mc reduce_memory=0 clear=36.0 clear.external_string_table=18.1 clear.weak_global_handles=16.8 mark.roots=0.3 evacuate.copy=7.1 promoted=0 total_size_before=134217728 total_size_after=92274688',
  '[4242:0x2a48bde0]     1400 ms: pause=0.5 gc=s promoted=0',
].join('\n')

t.test("the serving isolate is the busiest outside the workers' high addresses", async (t) => {
  const entries = parseGcTrace(TRACE)
  t.equal(entries.length, 7, 'the log line is skipped')
  t.equal(findServingIsolate(entries), '0x2a48bde0', 'three worker scavenges do not make 0x7f… the serving thread')
  t.match(entries[5], { kind: 'mc', atMs: 1300, pauseMs: 43.1, fields: { 'clear.external_string_table': 18.1 } })
})

t.test('scavenges are summarised; a full collection is described by its largest phases', async (t) => {
  const serving = parseGcTrace(TRACE).filter((entry) => entry.isolate === '0x2a48bde0')
  t.strictSame(summarizeScavenges(serving), {
    count: 3,
    promotedKbAverage: Math.round(2_000_000 / 3 / 1024),
    pauseP50Ms: 1.5,
    pauseP90Ms: 2.5,
    pauseP99Ms: 2.5,
    pauseTotalMs: 5,
  })
  const full = serving.find((entry) => entry.kind === 'mc')
  t.equal(
    full && describeFullCollection(full, 2),
    'at 1300 ms: pause 43.1 ms (clear.external_string_table 18.1, clear.weak_global_handles 16.8), heap 128 → 88 MB',
  )
  t.strictSame(summarizeScavenges([]).count, 0)
})
