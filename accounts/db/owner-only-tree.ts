/**
 * Takes group and other permissions off a directory tree. PGlite's file system (Emscripten's
 * NODEFS) creates every directory with mode 0777 less the umask and never narrows it, and the
 * cluster it unpacks at creation is chmod-ed to 0666 — world-readable files of password and key
 * hashes, kept out of reach only by the 0700 directory above them (until a backup or a copy
 * keeps their modes). What PostgreSQL creates afterwards it creates 0600 itself.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const GROUP_AND_OTHER = 0o077

/** Narrows `root` and everything under it to its owner's permissions (symbolic links are left alone: chmod would follow them). */
export function restrictTreeToOwner(root: string): void {
  const stats = lstatSync(root)
  if (stats.isSymbolicLink()) return
  if ((stats.mode & GROUP_AND_OTHER) !== 0) chmodSync(root, stats.mode & 0o7777 & ~GROUP_AND_OTHER)
  if (!stats.isDirectory()) return
  for (const name of readdirSync(root)) restrictTreeToOwner(join(root, name))
}
