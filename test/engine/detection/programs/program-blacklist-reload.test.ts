// The curated blacklist: the shipped file is valid and sourced; a changed file is picked up by the
// poller; a broken file leaves the previous list in force.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import {
  createProgramBlacklist,
  DEFAULT_PROGRAM_BLACKLIST_FILE,
  parseProgramBlacklist,
} from '../../../../engine/detection/programs/program-blacklist.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createCaptureLogger } from '../../../helpers/capture-logger.js'
import { quietLogger } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const SYSTEM = '11111111111111111111111111111111'
const listing = (...ids: string[]) =>
  JSON.stringify({ programs: ids.map((id) => ({ program_id: id, reason: `test entry ${id}`, source: 'this test' })) })

t.test('the shipped list parses, and every entry names a reason and a source', async (t) => {
  const entries = parseProgramBlacklist(readFileSync(DEFAULT_PROGRAM_BLACKLIST_FILE, 'utf8'))
  t.ok(entries.length > 0)
  for (const entry of entries) {
    t.doesNotThrow(() => fromBase58Address(entry.program_id), entry.program_id)
    t.ok(entry.reason.length > 10 && entry.source.length > 10, `${entry.program_id} is explained`)
  }
})

t.test('invalid files are refused with the place of the fault', async (t) => {
  t.throws(() => parseProgramBlacklist('{'), SyntaxError)
  t.throws(() => parseProgramBlacklist('[]'), /"programs" array/)
  t.throws(() => parseProgramBlacklist(JSON.stringify({ programs: [{ program_id: MEMO, source: 's' }] })), /programs\[0\]: "reason"/)
  t.throws(
    () => parseProgramBlacklist(JSON.stringify({ programs: [{ program_id: 'not-base58!', reason: 'r', source: 's' }] })),
    /not a base58 address/,
  )
  t.throws(() => parseProgramBlacklist(JSON.stringify({ programs: [{ program_id: '1111', reason: 'r', source: 's' }] })), /32 bytes/)
  t.throws(() => parseProgramBlacklist(listing(MEMO, MEMO)), /listed twice/)
})

t.test('a changed file is re-read by the poller; a broken one keeps the previous list', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'blacklist-'))
  const file = join(dir, 'blacklist.json')
  await writeFile(file, listing(MEMO))
  const { logger, lines } = createCaptureLogger()
  const blacklist = createProgramBlacklist({ file, pollMs: 50, logger })
  t.teardown(() => blacklist.close())
  t.equal(blacklist.get(MEMO)?.reason, `test entry ${MEMO}`)
  t.equal(blacklist.get(SYSTEM), undefined)
  t.equal(await blacklist.reload(), false, 'an unchanged file is not re-parsed')

  await writeFile(file, listing(MEMO, SYSTEM))
  await waitUntil(() => blacklist.get(SYSTEM) !== undefined, 5_000, 'the poller reloads the changed file')
  t.equal(blacklist.size, 2)
  t.equal(blacklist.version, 2)

  await writeFile(file, '{"programs": [')
  t.equal(await blacklist.reload(), false, 'a broken file is not loaded')
  t.equal(blacklist.size, 2, 'the previous list stays in force')
  t.ok(
    lines.some((line) => /previous list stays in force/.test(line.msg)),
    'and the failure is logged',
  )

  await writeFile(file, listing(SYSTEM))
  t.equal(await blacklist.reload(), true)
  t.equal(blacklist.get(MEMO), undefined, 'an entry removed from the file is gone')
})

t.test('a missing file stops the start instead of running without a blacklist', async (t) => {
  t.throws(() => createProgramBlacklist({ file: '/nonexistent/blacklist.json', pollMs: 1_000, logger: quietLogger }), /ENOENT/)
})
