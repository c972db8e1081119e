/**
 * One segment file of the history journal (callers/history-journal.ts): its descriptor while it is
 * written, the records in it not yet settled, and the file's identity, so that a segment removed or
 * replaced under the process (its directory deleted, moved, remounted) is noticed rather than
 * written on into a file no restart will read.
 */
import { closeSync, fstatSync, statSync, unlinkSync, writeSync } from 'node:fs'

export interface JournalSegment {
  readonly path: string
  fd: number | null
  bytes: number
  /** Records in it not yet settled. */
  outstanding: number
  sealed: boolean
  /** The file's identity when it was opened or read: another file at `path` is not this segment. */
  readonly dev: number
  readonly ino: number
}

/** The segment for the file just opened at `path` as `fd` (closed here if its identity cannot be read). */
export function createOpenSegment(path: string, fd: number): JournalSegment {
  try {
    const { dev, ino } = fstatSync(fd)
    return { path, fd, bytes: 0, outstanding: 0, sealed: false, dev, ino }
  } catch (error) {
    closeSync(fd)
    throw error
  }
}

/** A segment a previous run left, read at open: sealed, its identity taken now. */
export function createSealedSegment(path: string): JournalSegment {
  const { dev, ino } = statSync(path)
  return { path, fd: null, bytes: 0, outstanding: 0, sealed: true, dev, ino }
}

/**
 * Writes `text` whole with one write(2), or throws: a short write (a disk filling up mid-line) is
 * a failure, and the segment must not be written again, since the next line would be glued to
 * the part already there and both be lost at recovery.
 */
export function writeToSegment(segment: JournalSegment, text: string): void {
  const expected = Buffer.byteLength(text)
  const written = writeSync(segment.fd as number, text)
  segment.bytes += written
  if (written !== expected) {
    throw Object.assign(new Error(`short write to ${segment.path}: ${written} of ${expected} bytes`), { code: 'ENOSPC' })
  }
}

/** Closes the segment's descriptor, if open; a failing close changes nothing for what was written. */
export function closeSegment(segment: JournalSegment): void {
  if (segment.fd === null) return
  try {
    closeSync(segment.fd)
  } catch {
    // EIO on close: the lines written are in the page cache already, or lost either way.
  }
  segment.fd = null
}

/** Whether the file at the segment's path is no longer the segment (removed, or its directory moved or replaced). */
export function isSegmentLost(segment: JournalSegment): boolean {
  try {
    const { dev, ino } = statSync(segment.path)
    return dev !== segment.dev || ino !== segment.ino
  } catch {
    return true
  }
}

/** Deletes `path`; a file that cannot be deleted now (a read-only or failing disk) is delivered again and deduplicated at the next start. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // ENOENT (gone already), EROFS, EIO: harmless, see above.
  }
}
