/**
 * The history journal when its disk cannot write, on real OS errors (tests may run as root, where
 * a read-only mode stops nothing): ENOSPC from a segment that is /dev/full, ENOTDIR from a journal
 * directory replaced by a file, and a directory moved away under an open segment. A record that
 * cannot be written is refused with journal_unavailable, never kept in memory only; a burst of
 * refused records touches no file and spends no segment number; the journal writes again by
 * itself once the condition is lifted; and every record it accepted, before and after, comes back
 * after a crash.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { openHistoryJournal, type HistoryJournal } from '../../callers/history-journal.js'
import { isServiceError } from '../../lib/errors.js'
import { createCaptureLogger, LOG_LEVEL } from '../helpers/capture-logger.js'
import { waitUntil } from '../helpers/wait-until.js'
import { createRecord } from '../accounts/history-fixtures.js'

/** Probes back off from 1 ms to 5 ms, and segments are looked at every 5 ms: the tests wait for states, never for a duration. */
const FAST = { probeDelayMs: { min: 1, max: 5 }, checkIntervalMs: 5 }
const BURST = 500

function createJournalRecord(index: number): SimulationRecord {
  return createRecord(randomUUID(), {
    createdAtMs: 1_800_000_000_000 + index,
    mevScore: 0,
    recordId: randomUUID(),
    kind: 'simulate',
  })
}

const segments = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('segment-'))

/** write(2) calls this process made so far (Linux's /proc/self/io), or null where it is not kept. */
function getWriteCalls(): number | null {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1])
  } catch {
    return null
  }
}

/** Appends `record`: true when the journal took it, false when it refused it with journal_unavailable (anything else throws). */
function tryAppend(journal: HistoryJournal, record: SimulationRecord): boolean {
  try {
    journal.append(record, null)
    return true
  } catch (error) {
    if (isServiceError(error, 'journal_unavailable')) return false
    throw error
  }
}

/** Asserts a refusal as callers see it: the code, 503's Retry-After in whole seconds. */
function assertRefused(t: Test, journal: HistoryJournal, record: SimulationRecord): void {
  const error = t.throws(() => journal.append(record, null), 'a record that cannot be written is refused') as unknown
  t.ok(isServiceError(error, 'journal_unavailable'), 'with journal_unavailable', { error })
  if (isServiceError(error)) t.match(error.headers?.['retry-after'], /^[1-9]\d*$/, 'and Retry-After')
}

/**
 * Reopens `dir` as the next start after a crash does and answers the record ids read back; then
 * stops `crashed`, which was never closed, so that its timers leave the directory alone.
 */
function recoverIds(dir: string, crashed: HistoryJournal): string[] {
  const next = openHistoryJournal({ dir })
  const ids = next.recovered.map((record) => record.recordId as string)
  next.close()
  crashed.close()
  return ids
}

t.test('ENOSPC: refused, no file touched by a burst, the same segment number reused once the disk has room', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const { logger, lines } = createCaptureLogger()
  // Each record fills its segment (the probe's newline does not): the next append opens the next segment.
  const journal = openHistoryJournal({ dir, segmentMaxBytes: 2, logger, ...FAST })
  const before = [createJournalRecord(0), createJournalRecord(1)]
  for (const record of before) journal.append(record, null)
  t.same(segments(dir), ['segment-000000000001.jsonl', 'segment-000000000002.jsonl'])
  // The segment the next append opens is a full disk: every write(2) to it fails with ENOSPC.
  const full = join(dir, 'segment-000000000003.jsonl')
  symlinkSync('/dev/full', full)

  assertRefused(t, journal, createJournalRecord(2))
  t.match(journal.getHealth(), { writable: false, errorCode: 'ENOSPC', refusedCalls: 1 })
  t.type(journal.getHealth().failingSinceMs, 'number')
  const listed = segments(dir)
  const records = Array.from({ length: BURST }, (_, index) => createJournalRecord(100 + index))
  const writesBefore = getWriteCalls()
  let refused = 0
  // Synchronous: nothing else of this process writes meanwhile.
  for (const record of records) if (!tryAppend(journal, record)) refused++
  const writesAfter = getWriteCalls()
  t.equal(refused, BURST, 'every record of a burst is refused while the disk is full')
  t.same(segments(dir), listed, 'and the burst opened no segment: no segment number spent per record')
  if (writesBefore !== null && writesAfter !== null) {
    t.ok(
      writesAfter - writesBefore < BURST / 10,
      `nor tried the disk per record (${writesAfter - writesBefore} write(2) calls for ${BURST} records)`,
    )
  }
  t.equal(journal.getHealth().refusedCalls, BURST + 1)
  t.equal(journal.outstanding, 2, 'nothing refused is outstanding')
  t.throws(() => journal.assertWritable(), 'assertWritable refuses too, before any work is done')

  rmSync(full)
  await waitUntil(() => journal.getHealth().writable, 10_000, 'the journal writes again')
  t.same(journal.getHealth(), { writable: true, failingSinceMs: null, errorCode: null, refusedCalls: 0 })
  const after = createJournalRecord(3)
  journal.append(after, null)
  t.ok(segments(dir).includes('segment-000000000003.jsonl'), 'segment 3, the one that failed, is written once the disk has room')
  t.notOk(segments(dir).includes('segment-000000000004.jsonl'), 'and no number was spent on the failed attempts')

  const errors = lines.filter((line) => line.level === LOG_LEVEL.error)
  t.equal(errors.length, 1, 'the outage is logged once, not once per refused record')
  t.match(errors[0], { code: 'ENOSPC', dir })
  t.equal(lines.filter((line) => line.level === LOG_LEVEL.warn && /writes again/.test(line.msg)).length, 1, 'its end once')

  // The process dies: what was accepted before and after the outage comes back, nothing refused does.
  t.same(
    recoverIds(dir, journal),
    [...before, after].map((record) => record.recordId),
  )
})

t.test('ENOTDIR: a directory replaced by a file fails the first open; no number is spent while it lasts', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const journal = openHistoryJournal({ dir, ...FAST })
  renameSync(dir, `${dir}.away`)
  writeFileSync(dir, 'not a directory')

  assertRefused(t, journal, createJournalRecord(0))
  t.equal(journal.getHealth().errorCode, 'ENOTDIR')
  let refused = 0
  for (let index = 1; index <= BURST; index++) if (!tryAppend(journal, createJournalRecord(index))) refused++
  t.equal(refused, BURST, 'every record of a burst is refused')
  rmSync(dir)
  renameSync(`${dir}.away`, dir)
  await waitUntil(() => journal.getHealth().writable, 10_000, 'the journal writes again')
  const accepted = createJournalRecord(BURST + 1)
  journal.append(accepted, null)
  t.same(segments(dir), ['segment-000000000001.jsonl'], 'the first segment is still number 1: the failed opens spent none')
  t.same(recoverIds(dir, journal), [accepted.recordId])
})

t.test('a directory moved away under an open segment is noticed, and what was accepted comes back with it', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const { logger, lines } = createCaptureLogger()
  const journal = openHistoryJournal({ dir, logger, ...FAST })
  const before = [createJournalRecord(0), createJournalRecord(1)]
  for (const record of before) journal.append(record, null)
  const outages = () => lines.filter((line) => line.level === LOG_LEVEL.error)
  const recoveries = () => lines.filter((line) => line.level === LOG_LEVEL.warn && /writes again/.test(line.msg))

  // A write to the open segment would still succeed, into a file no restart reads at this path.
  renameSync(dir, `${dir}.away`)
  mkdirSync(dir)
  await waitUntil(() => recoveries().length === 1, 10_000, 'the move noticed, and writing resumed in the new directory')
  t.match(
    outages()[0],
    { code: 'ESTALE', err: { message: /1 segment\(s\) .* 2 unsettled record\(s\)/ } },
    'the records at risk are counted',
  )

  // The operator puts the old directory back: the segment the journal had opened in the new one is gone.
  rmSync(dir, { recursive: true })
  renameSync(`${dir}.away`, dir)
  await waitUntil(() => recoveries().length === 2, 10_000, 'noticed again, and writing resumed in the old directory')
  t.equal(outages().length, 2, 'each outage logged once')
  const after = createJournalRecord(2)
  journal.append(after, null)
  t.same(
    recoverIds(dir, journal),
    [...before, after].map((record) => record.recordId),
    'nothing accepted is lost across the move and back',
  )
})
