/**
 * The history journal on a real directory: what is appended and not settled comes back at the
 * next open (a crash is simply not calling close), in order, with its signature; settled segments
 * are deleted; a line cut short is skipped; one process at a time owns the directory.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { appendFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { openHistoryJournal } from '../../callers/history-journal.js'
import { toBase58 } from '../../lib/base58.js'
import { HISTORY_KINDS } from '../../accounts/contract/history.js'

function createRecord(index: number): SimulationRecord {
  return {
    userId: randomUUID(),
    apiKeyId: index % 2 === 0 ? randomUUID() : null,
    createdAtMs: 1_800_000_000_000 + index,
    success: index % 3 !== 0,
    decision: 'approve',
    riskLevel: 'safe',
    mevScore: 0.125,
    mevLevel: 'none',
    failureCode: null,
    failureReason: index % 3 === 0 ? 'a "quoted" failure\nwith a newline' : null,
    computeUnits: 150,
    feeEstimateSol: 0.000005,
    latencyMs: 0.25,
    signature: null,
    cached: false,
    recordId: randomUUID(),
    kind: HISTORY_KINDS[index % HISTORY_KINDS.length],
  }
}

const segments = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('segment-'))

t.test('unsettled records come back at the next open, in order, with their signatures', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const first = openHistoryJournal({ dir })
  t.same(first.recovered, [], 'a new journal recovers nothing')
  const records = Array.from({ length: 20 }, (_, index) => createRecord(index))
  const signatures = records.map((_, index) => (index % 4 === 0 ? null : new Uint8Array(randomBytes(64))))
  records.forEach((record, index) => first.append(record, signatures[index] ?? null))
  t.equal(first.outstanding, 20)
  first.settle(records.slice(0, 5))
  t.equal(first.outstanding, 15)
  t.equal(statSync(dir).mode & 0o777, 0o700, 'the directory is owner-only')
  for (const name of segments(dir)) t.equal(statSync(join(dir, name)).mode & 0o777, 0o600, `${name} is owner-only`)
  // The process dies here: no close().

  const second = openHistoryJournal({ dir })
  t.teardown(() => second.close())
  t.equal(
    second.recovered.length,
    20,
    'every record of a segment not wholly settled comes back (delivered ones are deduplicated by recordId)',
  )
  t.same(
    second.recovered.map((record) => record.recordId),
    records.map((record) => record.recordId),
    'in the order they were answered',
  )
  t.same(
    second.recovered.map((record) => record.signature),
    signatures.map((signature) => (signature === null ? null : toBase58(signature))),
    'each with its base58 signature',
  )
  t.same({ ...second.recovered[3], signature: null }, records[3], 'every field as it was written')
  t.strictSame(
    second.recovered.map((record) => record.kind),
    records.map((record) => record.kind),
    'executes and sends come back as what they were',
  )
  t.equal(second.outstanding, 20)
  second.settle(second.recovered)
  t.equal(second.outstanding, 0)
  t.same(segments(dir), [], 'a recovered segment is deleted once all of it is settled')
})

t.test('segments rotate by size and go once settled; close keeps what is outstanding', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const journal = openHistoryJournal({ dir, segmentMaxBytes: 2_000 })
  const records = Array.from({ length: 40 }, (_, index) => createRecord(index))
  for (const record of records) journal.append(record, null)
  const written = segments(dir)
  t.ok(written.length >= 5, `rotated into ${written.length} segments`)
  journal.settle(records.slice(0, 30))
  const left = segments(dir)
  t.ok(left.length < written.length && left.length >= 1, 'fully settled sealed segments are deleted')
  journal.close()
  t.same(segments(dir), left, 'close deletes nothing that is outstanding')
  const reopened = openHistoryJournal({ dir })
  t.teardown(() => reopened.close())
  const back = new Set(reopened.recovered.map((record) => record.recordId))
  t.ok(
    records.slice(30).every((record) => back.has(record.recordId)),
    'every unsettled record is back',
  )
})

t.test('a line cut short is skipped, the rest recovered', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const journal = openHistoryJournal({ dir })
  const records = [createRecord(1), createRecord(2)]
  for (const record of records) journal.append(record, null)
  journal.close()
  const [segment] = segments(dir)
  appendFileSync(join(dir, segment as string), '{"r":{"userId":"cut sh')
  writeFileSync(join(dir, 'segment-000000000999.jsonl'), 'not json at all\n')
  const reopened = openHistoryJournal({ dir })
  t.teardown(() => reopened.close())
  t.same(
    reopened.recovered.map((record) => record.recordId),
    records.map((record) => record.recordId),
  )
  t.notOk(segments(dir).includes('segment-000000000999.jsonl'), 'a segment with nothing readable is removed')
})

t.test('a line written before kinds existed comes back without one (stored as a simulate)', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  const journal = openHistoryJournal({ dir })
  const { kind: _kind, ...old } = createRecord(1)
  journal.append(old, null)
  journal.close()
  const reopened = openHistoryJournal({ dir })
  t.teardown(() => reopened.close())
  t.equal(reopened.recovered.length, 1)
  t.notOk('kind' in (reopened.recovered[0] ?? {}), 'no kind invented')
  t.equal(reopened.recovered[0]?.recordId, old.recordId)
})

t.test('one process owns a journal directory at a time', async (t) => {
  const dir = join(t.testdir({}), 'journal')
  // Another live process holds the lock.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
  t.teardown(() => other.kill('SIGKILL'))
  openHistoryJournal({ dir }).close()
  writeFileSync(join(dir, 'LOCK'), `${other.pid}\n`)
  t.throws(() => openHistoryJournal({ dir }), /in use by process \d+/, 'a live holder keeps it')
  other.kill('SIGKILL')
  await once(other, 'exit')
  const taken = openHistoryJournal({ dir })
  t.pass('a dead holder’s lock is taken over')
  taken.close()
})
