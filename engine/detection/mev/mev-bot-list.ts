/**
 * The seeded list of MEV bot wallets (engine/detection/mev/data/mev-bots-unverified.txt, see the README
 * there): addresses flagged automatically in 2024, weak evidence, so the detector counts them as
 * low-confidence known bots beside the attackers it sees sandwiching on the stream.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'

/** The bundled list. */
export const MEV_BOT_LIST_PATH = join(import.meta.dirname, 'data', 'mev-bots-unverified.txt')

/** Parses a list: one base58 address a line; blank lines and `#` comments are skipped. Throws on a bad address. */
export function decodeMevBotList(text: string): AccountKey[] {
  const bots: AccountKey[] = []
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    bots.push(fromBase58Address(line))
  }
  return bots
}

/** Reads the list at `path` (boot time; the bundled list by default). */
export function loadMevBotList(path: string = MEV_BOT_LIST_PATH): AccountKey[] {
  return decodeMevBotList(readFileSync(path, 'utf8'))
}
