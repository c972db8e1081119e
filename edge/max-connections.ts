/**
 * How many client connections the edge accepts at once: what the process may open (the soft
 * RLIMIT_NOFILE, which Node raises to the hard limit at start) minus a reserve for what the process
 * opens itself — the database pool, Redis, gRPC channels, log files. Without the reserve, a flood
 * of clients takes the last descriptors and the next database connection fails with EMFILE.
 */
import { readFileSync } from 'node:fs'

/** Descriptors kept for the process's own connections and files. */
export const FD_RESERVE = 512

/** The open-files limit assumed where /proc/self/limits cannot be read (not Linux). */
const FALLBACK_OPEN_FILES = 4096

/**
 * The default connection cap, from the text of /proc/self/limits (read when not given; empty where
 * there is none). At least half the limit is left to clients, so a small limit still serves.
 */
export function getDefaultMaxConnections(limitsText: string = readProcLimits()): number {
  const openFiles = getSoftOpenFilesLimit(limitsText) || FALLBACK_OPEN_FILES
  return Math.max(openFiles - FD_RESERVE, Math.floor(openFiles / 2))
}

/** The soft "Max open files" of /proc/self/limits; undefined when absent or unlimited. */
function getSoftOpenFilesLimit(limitsText: string): number | undefined {
  const soft = /^Max open files\s+(\d+)/m.exec(limitsText)?.[1]
  return soft === undefined ? undefined : Number(soft)
}

function readProcLimits(): string {
  try {
    return readFileSync('/proc/self/limits', 'utf8')
  } catch {
    return ''
  }
}
