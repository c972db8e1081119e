// dex_programs from real mainnet transactions: top-level venues even when their accounts (and
// lookup tables) are missing on localnet, and venues reached by CPI read from the call tree the
// recorded logs give.
import t from 'tap'
import { createLookalikeIndex } from '../../../../engine/detection/drains/lookalike-address.js'
import { createProgramBlacklist, DEFAULT_PROGRAM_BLACKLIST_FILE } from '../../../../engine/detection/programs/program-blacklist.js'
import { runProgramVector, type ProgramFindings } from '../../../../engine/detection/vectors/program-vector.js'
import { MAINNET_TRANSACTIONS_DIR, readMainnetFixtures } from '../../hot-path/decode/mainnet-fixtures.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { createTestContext } from './vector-context-fixture.js'
import { readFileSync } from 'node:fs'

const fixtures = readMainnetFixtures()
const byName = (prefix: string) => {
  const found = fixtures.find((fixture) => fixture.name.startsWith(prefix))
  if (!found) throw new Error(`no fixture ${prefix}`)
  return found
}
const logsOf = (name: string): string[] =>
  (JSON.parse(readFileSync(new URL(name, MAINNET_TRANSACTIONS_DIR), 'utf8')) as { result: { meta: { logMessages: string[] } } }).result.meta
    .logMessages

t.test('the venues of real transactions, their accounts missing on localnet', async (t) => {
  const { engine } = await startStack(t)
  const clmm = await engine.simulate(byName('JSON1').bytes)
  t.equal(clmm.success, false, 'nothing of mainnet exists here')
  t.same(clmm.risk.dex_programs, [{ program_id: 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', name: 'RaydiumCL' }])
  const pumpswap = await engine.simulate(byName('JSON2').bytes)
  t.same(pumpswap.risk.dex_programs, [{ program_id: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', name: 'Pumpswap' }])
  const okx = await engine.simulate(byName('JSON3').bytes)
  t.equal(okx.success, false, 'its lookup tables are not on localnet')
  t.same(okx.balance_changes, [], 'no state was loaded')
  t.same(
    okx.risk.dex_programs,
    [{ program_id: '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma', name: 'OKX' }],
    'the router is found from the static keys',
  )
  const transfer = await engine.simulate(byName('JSON4').bytes)
  t.same(transfer.risk.dex_programs, [], 'a SOL transfer with a memo invokes no venue')
})

t.test('venues reached through CPIs, from the call tree of the recorded logs', async (t) => {
  const blacklist = createProgramBlacklist({ file: DEFAULT_PROGRAM_BLACKLIST_FILE, pollMs: 3_600_000, logger: quietLogger })
  t.teardown(() => blacklist.close())
  const run = (prefix: string) => {
    const fixture = byName(prefix)
    return runProgramVector(createTestContext(fixture.bytes, { logs: logsOf(fixture.name) }), {
      blacklist,
      drains: { symbolOf: () => null, wellKnown: createLookalikeIndex([]) },
    }) as ProgramFindings
  }
  t.same(
    run('JSON3').dexPrograms,
    [
      { program_id: '6m2CDdhRgxpH4WjvdzxAYbGxwdGUz5MziiL5jek2kBma', name: 'OKX' },
      { program_id: 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA', name: 'Pumpswap' },
    ],
    'OKX routes through PumpSwap by CPI',
  )
  t.same(
    run('JSON1').dexPrograms.map((dex) => dex.name),
    ['RaydiumCL'],
  )
  t.same(run('JSON1').blacklisted, [], 'no real venue is on the shipped blacklist')
})
