/**
 * The curated program blacklist: a JSON file of programs a user's transaction should never invoke,
 * each with the reason and where the evidence comes from. Read once at start (so the first
 * request sees it), then re-read whenever the file changes (polled, so editors that replace the
 * file and mounted config maps both work). A file that fails to parse leaves the previous list in
 * force and is logged: a typo must not silently empty the blacklist.
 */
import { readFileSync, statSync } from 'node:fs'
import { stat, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Logger } from '../../../lib/logger.js'
import { fromBase58Address } from '../../hot-path/state/account-key.js'

export interface ProgramBlacklistEntry {
  program_id: string
  name: string | null
  reason: string
  source: string
}

export interface ProgramBlacklist {
  /** The entry of a program id (base58), if listed. */
  get(programId: string): ProgramBlacklistEntry | undefined
  readonly size: number
  /** Bumped on every successful reload. */
  readonly version: number
  /** Re-reads the file now if it changed (the poller calls this). */
  reload(): Promise<boolean>
  close(): void
}

/** The list shipped with the service. */
export const DEFAULT_PROGRAM_BLACKLIST_FILE = fileURLToPath(new URL('./data/program-blacklist.json', import.meta.url))

const MAX_TEXT = 500

function readText(value: unknown, where: string, field: string, optional = false): string | null {
  if (optional && (value === undefined || value === null)) return null
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_TEXT) {
    throw new Error(`${where}: "${field}" must be a non-empty string of at most ${MAX_TEXT} characters`)
  }
  return value
}

/** Parses and validates the blacklist file's JSON (`{"programs": [{program_id, name?, reason, source}]}`). */
export function parseProgramBlacklist(text: string): ProgramBlacklistEntry[] {
  const json = JSON.parse(text) as unknown
  const programs = (json as { programs?: unknown } | null)?.programs
  if (!Array.isArray(programs)) throw new Error('the blacklist must be an object with a "programs" array')
  const seen = new Set<string>()
  return programs.map((raw: unknown, index) => {
    const where = `programs[${index}]`
    if (typeof raw !== 'object' || raw === null) throw new Error(`${where}: must be an object`)
    const item = raw as Record<string, unknown>
    const programId = readText(item.program_id, where, 'program_id') as string
    try {
      fromBase58Address(programId)
    } catch {
      throw new Error(`${where}: program_id ${programId} is not a base58 address of 32 bytes`)
    }
    if (seen.has(programId)) throw new Error(`${where}: program_id ${programId} is listed twice`)
    seen.add(programId)
    return {
      program_id: programId,
      name: readText(item.name, where, 'name', true),
      reason: readText(item.reason, where, 'reason') as string,
      source: readText(item.source, where, 'source') as string,
    }
  })
}

function toMap(entries: readonly ProgramBlacklistEntry[]): Map<string, ProgramBlacklistEntry> {
  return new Map(entries.map((entry) => [entry.program_id, Object.freeze(entry)]))
}

/** Loads `file` now (throws if it is missing or invalid: the service must not start blind) and follows its changes. */
export function createProgramBlacklist(options: { file: string; pollMs: number; logger: Logger }): ProgramBlacklist {
  const { file, logger } = options
  const first = statSync(file)
  let entries = toMap(parseProgramBlacklist(readFileSync(file, 'utf8')))
  let version = 1
  // The stamp of what is loaded: a poll re-reads only when the file's mtime or size moved.
  let lastModifiedMs = first.mtimeMs
  let lastSize = first.size
  let reloading: Promise<boolean> | undefined

  async function reloadIfChanged(): Promise<boolean> {
    const info = await stat(file)
    if (info.mtimeMs === lastModifiedMs && info.size === lastSize) return false
    // Stamped before parsing: a broken file is reported once, not at every poll, until it changes again.
    lastModifiedMs = info.mtimeMs
    lastSize = info.size
    const parsed = parseProgramBlacklist(await readFile(file, 'utf8'))
    entries = toMap(parsed)
    version++
    logger.info({ file, programs: entries.size }, 'program blacklist reloaded')
    return true
  }

  function reload(): Promise<boolean> {
    reloading ??= reloadIfChanged()
      .catch((error: unknown) => {
        logger.error({ err: error, file }, 'program blacklist not reloaded; the previous list stays in force')
        return false
      })
      .finally(() => {
        reloading = undefined
      })
    return reloading
  }

  const timer = setInterval(() => void reload(), options.pollMs)
  timer.unref()
  return {
    get: (programId) => entries.get(programId),
    get size() {
      return entries.size
    },
    get version() {
      return version
    },
    reload,
    close: () => clearInterval(timer),
  }
}
