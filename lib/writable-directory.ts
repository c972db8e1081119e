/** A directory a setting names (DATA_DIR), made and checked writable at boot, or the one line that says why not. */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { describeDirectoryFailure, SettingError } from './setting-error.js'

/** Creates `path` when missing and checks this user may write in it; a permission or disk failure is a SettingError naming `variable`. */
export function ensureWritableDirectory(variable: string, path: string): void {
  try {
    mkdirSync(path, { recursive: true })
    accessSync(path, constants.W_OK)
  } catch (error) {
    const why = describeDirectoryFailure(error)
    if (!why) throw error
    throw new SettingError(variable, `cannot use ${path}: ${why}`, { cause: error })
  }
}
