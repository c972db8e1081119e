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
 * One process owns a journal directory at a time (a LOCK file with its pid).
 */
import { closeSync, mkdirSync, chmodSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SimulationRecord } from '../accounts/user-service.js'
import { toBase58 } from '../lib/base58.js'
import { createLogThrottle } from '../lib/log-throttle.js'
import type { Logger } from '../lib/logger.js'

export interface HistoryJournal {
  /** Writes `record`, with the signature bytes of its transaction (null when unsigned), before returning. */
  append(record: SimulationRecord, signature: Uint8Array | null): void
  /** These records are in the database: a segment goes once nothing in it is outstanding. */
  settle(records: readonly SimulationRecord[]): void
  /** Records a previous run left undelivered, oldest first, their signatures filled in. Read once at open. */
  readonly recovered: readonly SimulationRecord[]
  /** Records appended or recovered and not yet settled. */
  readonly outstanding: number
  /** Closes the open segment and releases the lock; what is unsettled stays for the next start. */
  close(): void
}

export interface HistoryJournalOptions {
  /** The journal's directory (created 0700: records name users and keys). */
  dir: string
  /** A segment past this size is sealed and a new one started. Default 8 MiB. */
  segmentMaxBytes?: number
  logger?: Logger
}

interface Segment {
  readonly path: string
  fd: number | null
  bytes: number
  outstanding: number
  sealed: boolean
}

/** One journal line: the record (signature not yet encoded) and the signature bytes, base64. */
interface JournalLine {
  r: SimulationRecord
  s: string | null
}

const SEGMENT_NAME = /^segment-(\d{12})\.jsonl$/
const DEFAULT_SEGMENT_MAX_BYTES = 8 * 1024 * 1024

/** Opens (or creates) the journal in `dir`, taking its lock and reading back what a previous run left. */
export function openHistoryJournal(options: HistoryJournalOptions): HistoryJournal {
  const { dir, logger } = options
  const segmentMaxBytes = options.segmentMaxBytes ?? DEFAULT_SEGMENT_MAX_BYTES
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
  const lockPath = join(dir, 'LOCK')
  takeLock(lockPath)

  const segmentOf = new WeakMap<SimulationRecord, Segment>()
  const recovered: SimulationRecord[] = []
  let outstanding = 0
  let nextSegmentNumber = 1
  const names = readdirSync(dir)
    .filter((name) => SEGMENT_NAME.test(name))
    .sort()
  let unreadable = 0
  for (const name of names) {
    nextSegmentNumber = Number(SEGMENT_NAME.exec(name)?.[1]) + 1
    const segment: Segment = { path: join(dir, name), fd: null, bytes: 0, outstanding: 0, sealed: true }
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
  }
  if (recovered.length > 0 || unreadable > 0) {
    logger?.info(
      { recovered: recovered.length, unreadable, segments: names.length },
      'history journal: records a previous run left undelivered are delivered again',
    )
  }

  let current: Segment | null = null
  // At most one error line per window about a failing disk.
  const writeFailures = createLogThrottle()

  function openSegment(): Segment {
    const path = join(dir, `segment-${String(nextSegmentNumber++).padStart(12, '0')}.jsonl`)
    return { path, fd: openSync(path, 'a', 0o600), bytes: 0, outstanding: 0, sealed: false }
  }

  function seal(segment: Segment): void {
    segment.sealed = true
    if (segment.fd !== null) closeSync(segment.fd)
    segment.fd = null
    if (segment.outstanding === 0) unlinkSync(segment.path)
  }

  return {
    append(record, signature) {
      try {
        if (current === null || current.bytes >= segmentMaxBytes) {
          if (current !== null) seal(current)
          current = openSegment()
        }
        const line: JournalLine = {
          r: record,
          s: signature === null ? null : Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString('base64'),
        }
        const text = `${JSON.stringify(line)}\n`
        current.bytes += writeSync(current.fd as number, text)
        current.outstanding++
        outstanding++
        segmentOf.set(record, current)
      } catch (error) {
        // A full or failing disk must not take the API down: the record still goes to the
        // database from memory; only its survival of a crash is lost, and that is logged.
        const failed = writeFailures()
        if (failed > 0)
          logger?.error({ err: error, dir, failed }, 'history journal write failed: records are kept in memory only until it recovers')
      }
    },
    settle(records) {
      for (const record of records) {
        const segment = segmentOf.get(record)
        if (segment === undefined) continue
        segmentOf.delete(record)
        segment.outstanding--
        outstanding--
        if (segment.outstanding === 0 && segment.sealed) unlinkSync(segment.path)
      }
    },
    recovered,
    get outstanding() {
      return outstanding
    },
    close() {
      if (current !== null) seal(current)
      current = null
      try {
        unlinkSync(lockPath)
      } catch {
        // already gone
      }
    },
  }
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
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `the history journal ${lockPath.slice(0, -'/LOCK'.length)} is in use by process ${holder}; give each process its own DATA_DIR`,
    )
  }
  writeFileSync(lockPath, `${process.pid}\n`, { mode: 0o600 })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
