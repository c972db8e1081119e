/**
 * The history journal: every simulation's record is appended to a local file before its caller is
 * answered, so what was acknowledged survives `kill -9` (the history queue writes to the user
 * service only every 200 ms). One `write(2)` of one line, no fsync: the page cache outlives the
 * process, not the machine — a power cut can still lose the last seconds.
 *
 * The journal is a directory of segment files (`segment-<n>.jsonl`, one JSON line a record). A
 * segment is deleted once every record in it reached the database (`settle`); at the next start,
 * whatever is left is read back (`recovered`) and delivered again. A record that was delivered but
 * not yet settled when the process died comes back too: its `recordId` makes the second insert a
 * no-op (accounts/history/simulation-insert.ts), so nothing is counted twice.
 *
 * A record that cannot be written is refused (`journal_unavailable`), never acknowledged from
 * memory only: from that failure until a probe writes again (callers/journal-outage.ts) every
 * append is refused without touching the disk. A segment removed or replaced under the process
 * (its directory deleted or moved) is noticed within a second, and is an outage too: the next
 * records would go to a file no restart reads.
 *
 * A record the user service refuses on its own (a value the database cannot take) is set aside:
 * appended to `refused.jsonl` beside the segments, which no start reads back, and settled. It is
 * kept for an operator, and no longer holds the records behind it.
 *
 * One process owns a journal directory at a time (a LOCK file with its pid).
 */
import { isProcessAlive } from '../lib/process-alive.js'
import { SettingError } from '../lib/setting-error.js'
import { appendFileSync, mkdirSync, chmodSync, openSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SimulationRecord } from '../accounts/contract/index.js'
import { toBase58 } from '../lib/base58.js'
import type { Logger } from '../lib/logger.js'
import { createJournalOutage, type JournalHealth } from './journal-outage.js'
import {
  closeSegment,
  createOpenSegment,
  createSealedSegment,
  isSegmentLost,
  type JournalSegment,
  removeQuietly,
  writeToSegment,
} from './journal-segment.js'

export type { JournalHealth } from './journal-outage.js'

export interface HistoryJournal {
  /**
   * Writes `record`, with the signature bytes of its transaction (null when unsigned), before
   * returning; throws `journal_unavailable` (with Retry-After) when it cannot, and then the record
   * must not be acknowledged.
   */
  append(record: SimulationRecord, signature: Uint8Array | null): void
  /** Throws `journal_unavailable` while the journal is known not to write: check before work that cannot be undone. */
  assertWritable(): void
  /** These records are in the database: a segment goes once nothing in it is outstanding. */
  settle(records: readonly SimulationRecord[]): void
  /**
   * The user service refused `record` on its own: `stored` (the record as it was sent) is appended
   * to `refused.jsonl` with `reason`, and `record` is settled. When that file cannot be written the
   * record stays unsettled (the next start delivers it again) and this throws.
   */
  setAside(record: SimulationRecord, stored: SimulationRecord, reason: string): void
  /** Records a previous run left undelivered, oldest first, their signatures filled in. Read once at open. */
  readonly recovered: readonly SimulationRecord[]
  /** Records appended or recovered and not yet settled. */
  readonly outstanding: number
  /** Whether it writes, and since when it does not. */
  getHealth(): JournalHealth
  /** Closes the open segment and releases the lock; what is unsettled stays for the next start. */
  close(): void
}

export interface HistoryJournalOptions {
  /** The journal's directory (created 0700: records name users and keys). */
  dir: string
  /** A segment past this size is sealed and a new one started. Default 8 MiB. */
  segmentMaxBytes?: number
  /** How often the segment files holding records are checked to still be there. Default 1,000. */
  checkIntervalMs?: number
  /** The back-off of the probe while the journal cannot write (callers/journal-outage.ts). */
  probeDelayMs?: { min: number; max: number }
  logger?: Logger
}

/** One journal line: the record (signature not yet encoded) and the signature bytes, base64. */
interface JournalLine {
  r: SimulationRecord
  s: string | null
}

const SEGMENT_NAME = /^segment-(\d{12})\.jsonl$/
/** Where refused records are kept; not a segment, so never read back. */
export const REFUSED_FILE_NAME = 'refused.jsonl'
const DEFAULT_SEGMENT_MAX_BYTES = 8 * 1024 * 1024

/** Opens (or creates) the journal in `dir`, taking its lock and reading back what a previous run left. */
export function openHistoryJournal(options: HistoryJournalOptions): HistoryJournal {
  const { dir, logger } = options
  const segmentMaxBytes = options.segmentMaxBytes ?? DEFAULT_SEGMENT_MAX_BYTES
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  const lockPath = join(dir, 'LOCK')
  takeLock(lockPath)

  const segmentOf = new WeakMap<SimulationRecord, JournalSegment>()
  // The segments holding unsettled records, and the one being written.
  const live = new Set<JournalSegment>()
  const recovered: SimulationRecord[] = []
  let outstanding = 0
  let nextSegmentNumber = 1
  const names = readdirSync(dir)
    .filter((name) => SEGMENT_NAME.test(name))
    .sort()
  let unreadable = 0
  for (const name of names) {
    nextSegmentNumber = Number(SEGMENT_NAME.exec(name)?.[1]) + 1
    const segment = createSealedSegment(join(dir, name))
    for (const line of readFileSync(segment.path, 'utf8').split('\n')) {
      if (line === '') continue
      const record = fromJournalLine(line)
      if (record === null) {
        unreadable++
        continue
      }
      recovered.push(record)
      segmentOf.set(record, segment)
      segment.outstanding++
    }
    outstanding += segment.outstanding
    if (segment.outstanding === 0) unlinkSync(segment.path)
    else live.add(segment)
  }
  if (recovered.length > 0 || unreadable > 0) {
    logger?.info(
      { recovered: recovered.length, unreadable, segments: names.length },
      'history journal: records a previous run left undelivered are delivered again',
    )
  }

  let current: JournalSegment | null = null
  // A segment that failed before any record reached it: the next open takes its path again, so a
  // failing disk does not use up a segment number per attempt.
  let sparePath: string | null = null

  function openSegment(): JournalSegment {
    const path = sparePath ?? join(dir, `segment-${String(nextSegmentNumber).padStart(12, '0')}.jsonl`)
    const segment = createOpenSegment(path, openSync(path, 'w', 0o600))
    if (sparePath === null) nextSegmentNumber++
    sparePath = null
    live.add(segment)
    return segment
  }

  function seal(segment: JournalSegment): void {
    segment.sealed = true
    closeSegment(segment)
    if (segment.outstanding === 0) {
      live.delete(segment)
      removeQuietly(segment.path)
    }
  }

  /** Stops writing `segment` after a failure: it keeps the records it holds; an empty one becomes the spare. */
  function abandon(segment: JournalSegment): void {
    closeSegment(segment)
    segment.sealed = true
    if (segment.outstanding === 0) {
      live.delete(segment)
      sparePath = segment.path
    }
    if (current === segment) current = null
  }

  const outage = createJournalOutage({
    dir,
    logger,
    minDelayMs: options.probeDelayMs?.min,
    maxDelayMs: options.probeDelayMs?.max,
    // Writes again: a segment opened and a newline (a line the reader skips) written to it. Only
    // then are calls accepted.
    probe() {
      if (current !== null) abandon(current)
      const segment = openSegment()
      try {
        writeToSegment(segment, '\n')
      } catch (error) {
        abandon(segment)
        throw error
      }
      current = segment
    },
  })

  // A deleted or moved directory fails no write to a segment already open: only a look at the
  // paths tells. The records of a segment found gone survive a crash no longer (they are still
  // delivered from memory); the log says how many.
  const check = setInterval(() => {
    if (outage.active) return
    const lost = [...live].filter(isSegmentLost)
    if (lost.length === 0) return
    if (current !== null) abandon(current)
    const atRisk = lost.reduce((sum, segment) => sum + segment.outstanding, 0)
    const message = `${lost.length} segment(s) of the history journal removed or replaced; ${atRisk} unsettled record(s) in them`
    const error = Object.assign(new Error(message), { code: 'ESTALE' })
    for (const segment of lost) live.delete(segment)
    outage.begin(error)
  }, options.checkIntervalMs ?? 1_000)
  check.unref()

  /** These records are in the database (or set aside): a segment goes once nothing in it is outstanding. */
  function settle(records: readonly SimulationRecord[]): void {
    for (const record of records) {
      const segment = segmentOf.get(record)
      if (segment === undefined) continue
      segmentOf.delete(record)
      segment.outstanding--
      outstanding--
      // A segment found gone is no longer live: what is at its path now is not its to delete.
      if (segment.outstanding === 0 && segment.sealed && live.delete(segment)) removeQuietly(segment.path)
    }
  }

  return {
    append(record, signature) {
      if (outage.active) throw outage.refuse()
      try {
        if (current !== null && current.bytes >= segmentMaxBytes) {
          seal(current)
          current = null
        }
        current ??= openSegment()
        writeToSegment(current, toJournalText(record, signature))
      } catch (error) {
        if (current !== null) abandon(current)
        outage.begin(error)
        throw outage.refuse()
      }
      current.outstanding++
      outstanding++
      segmentOf.set(record, current)
    },
    assertWritable() {
      if (outage.active) throw outage.refuse()
    },
    setAside(record, stored, reason) {
      const line = { refusedAt: new Date().toISOString(), reason, record: stored }
      appendFileSync(join(dir, REFUSED_FILE_NAME), `${JSON.stringify(line)}\n`, { mode: 0o600 })
      settle([record])
    },
    settle,
    recovered,
    get outstanding() {
      return outstanding
    },
    getHealth: () => outage.getHealth(),
    close() {
      clearInterval(check)
      outage.close()
      if (current !== null) seal(current)
      current = null
      if (sparePath !== null) removeQuietly(sparePath)
      try {
        unlinkSync(lockPath)
      } catch {
        // already gone
      }
    },
  }
}

/** The journal line of `record`, newline included. */
function toJournalText(record: SimulationRecord, signature: Uint8Array | null): string {
  const line: JournalLine = {
    r: record,
    s: signature === null ? null : Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString('base64'),
  }
  return `${JSON.stringify(line)}\n`
}

/** The record of one line, or null for a line that is not one (cut short by a power loss). */
function fromJournalLine(line: string): SimulationRecord | null {
  try {
    const parsed = JSON.parse(line) as Partial<JournalLine>
    const record = parsed.r
    if (typeof record !== 'object' || record === null || typeof record.userId !== 'string') return null
    const signature = typeof parsed.s === 'string' ? Buffer.from(parsed.s, 'base64') : null
    return { ...record, signature: signature !== null && signature.length === 64 ? toBase58(signature) : (record.signature ?? null) }
  } catch {
    return null
  }
}

/** Takes `lockPath` for this process; refuses while another live process holds it. */
function takeLock(lockPath: string): void {
  try {
    writeFileSync(lockPath, `${process.pid}\n`, { mode: 0o600, flag: 'wx' })
    return
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  // A lock is there: ours from a previous life (a container restarts with the same pid), or a dead
  // process's, or a live one's.
  const holder = Number(readFileSync(lockPath, 'utf8').trim())
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isProcessAlive(holder)) {
    // A second copy on the same DATA_DIR: the one line at boot that names the setting.
    throw new SettingError(
      'DATA_DIR',
      `the history journal ${lockPath.slice(0, -'/LOCK'.length)} is in use by process ${holder}; give each process its own DATA_DIR`,
    )
  }
  writeFileSync(lockPath, `${process.pid}\n`, { mode: 0o600 })
}
