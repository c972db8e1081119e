// The drain/benign case set against the engine under the `default` policy: every drain must be
// blocked and every benign transaction approved. Per case, first that its state was really made
// (setup transactions landed, the transaction itself runs on localnet), then the verdict, named
// with what came back. `npm run cases` prints the same run as a scorecard for every preset.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { CASES } from './case-set.js'
import { runCases } from './run-cases.js'
import { PROGRAMS_DIR } from '../helpers/fixtures.js'

const MIN_CASES = 40
const README = readFileSync(join(import.meta.dirname, 'README.md'), 'utf8')

t.test('the case set is well formed', async (t) => {
  t.ok(CASES.length >= MIN_CASES, `${CASES.length} cases`)
  const ids = CASES.map((testCase) => testCase.id)
  t.same(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    [],
    'ids are unique',
  )
  for (const testCase of CASES) {
    // A benign case may expect a warning (a risk to show), never a block; a drain expects a block.
    const allowed = testCase.kind === 'drain' ? ['block'] : ['approve', 'warn']
    t.ok(allowed.includes(testCase.expected), `${testCase.id}: a ${testCase.kind} case expects ${allowed.join(' or ')}`)
    t.match(testCase.source, /^https:\/\/\S+$/, `${testCase.id} cites a public URL`)
    const row = README.split('\n').find((line) => line.startsWith(`| \`${testCase.id}\` | ${testCase.kind} |`))
    t.ok(row?.includes(testCase.source), `README.md lists ${testCase.id} with its source`)
  }
})

t.test('every case under the default policy', async (t) => {
  const runs = await runCases({ programsDir: process.env.LOCALNET_PROGRAMS_DIR ?? PROGRAMS_DIR })
  for (const run of runs) {
    const { id, expected } = run.testCase
    // A case whose program binary is not loaded is reported as skipped, with the reason.
    t.test(id, run.status === 'skipped' ? { skip: run.note ?? true } : {}, async (t) => {
      t.equal(
        run.status,
        'judged',
        `${id}: its state was built (${run.landed.length} setup transactions landed)${run.note ? `: ${run.note}` : ''}`,
      )
      t.equal(
        run.localnet?.ok,
        true,
        `${id}: the transaction runs on localnet itself${run.localnet?.error ? `: ${run.localnet.error}` : ''}`,
      )
      const verdict = run.verdicts.default
      t.equal(
        verdict?.decision,
        expected,
        `${id}: expected ${expected}, got ${verdict?.decision ?? 'nothing'}` +
          ` (reasons: ${verdict?.reasons.join('; ') || 'none'}; findings: ${verdict?.findings.join(', ') || 'none'})`,
      )
    })
  }
})
