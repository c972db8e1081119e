import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit'
import t from 'tap'
import { createLocalChain } from '../../localnet/chain.js'
import { ProgramFileError, getProgramIdFromFileName, loadProgramsDir } from '../../localnet/seed/programs-dir.js'

const WHIRLPOOL = address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')

t.test('a <program-id>.so file name gives the program id', async (t) => {
  t.equal(getProgramIdFromFileName(`/some/dir/${WHIRLPOOL}.so`), WHIRLPOOL)
  for (const bad of ['whirlpool.so', `${WHIRLPOOL}.json`, `${WHIRLPOOL}x.so`, '.so']) {
    t.throws(() => getProgramIdFromFileName(`/dir/${bad}`), ProgramFileError, bad)
  }
  t.throws(() => getProgramIdFromFileName('/dir/whirlpool.so'), /\/dir\/whirlpool\.so: .*<program-id>\.so/, 'names the file')
})

t.test('loading a directory adds each program, and a file LiteSVM refuses is named', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'localnet-programs-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)

  const seen: string[] = []
  await writeFile(join(dir, `${WHIRLPOOL}.so`), Buffer.from([0x7f, 0x45, 0x4c, 0x46]))
  await writeFile(join(dir, 'README.md'), 'not a program')
  const ids = await loadProgramsDir(dir, { addProgram: (id) => void seen.push(id) })
  t.same(ids, [WHIRLPOOL], 'only .so files are programs')
  t.same(seen, [WHIRLPOOL])

  const error = await loadProgramsDir(dir, chain).catch((e: unknown) => e)
  t.ok(error instanceof ProgramFileError, 'a truncated ELF is refused by LiteSVM')
  t.match((error as Error).message, new RegExp(`${WHIRLPOOL}\\.so: LiteSVM rejected the program`))
  t.equal(chain.getAccount(WHIRLPOOL), null, 'and not installed')
})

t.test('a refused program leaves neither its account nor a ProgramData account behind', async (t) => {
  const [programData] = await getProgramDerivedAddress({
    programAddress: address('BPFLoaderUpgradeab1e11111111111111111111111'),
    seeds: [getAddressEncoder().encode(WHIRLPOOL)],
  })
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)
  t.throws(() => chain.addProgram(WHIRLPOOL, new Uint8Array([0x7f, 0x45, 0x4c, 0x46])))
  t.equal(chain.getAccount(WHIRLPOOL), null, 'no program account')
  t.equal(chain.getAccount(programData), null, 'no ProgramData account')
})
