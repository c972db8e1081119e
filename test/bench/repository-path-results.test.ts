/**
 * Result files record paths relative to the repository: a clone anywhere writes the same
 * execArgv and results directory, and no developer's directory ends up in bench/results/.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import t from 'tap'
import { getMachineInfo } from '../../bench/support/machine-info.js'
import { toRepositoryPath } from '../../bench/support/repository-path.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

t.test('paths inside the repository become relative; flags and paths elsewhere stay', async (t) => {
  const root = '/home/someone/solana-preflight'
  t.equal(toRepositoryPath(root, '/home/someone/solana-preflight/bench/results'), 'bench/results')
  t.equal(toRepositoryPath(root, '/home/someone/solana-preflight'), '.')
  t.equal(
    toRepositoryPath(root, 'file:///home/someone/solana-preflight/node_modules/tsx/dist/loader.mjs'),
    'node_modules/tsx/dist/loader.mjs',
    'a file: URL',
  )
  t.equal(
    toRepositoryPath(root, '/elsewhere/main/node_modules/tsx/dist/preflight.cjs'),
    'node_modules/tsx/dist/preflight.cjs',
    'a linked node_modules',
  )
  t.equal(toRepositoryPath(root, 'bench/results'), 'bench/results', 'already relative')
  t.equal(
    toRepositoryPath(root, '--import=file:///home/someone/solana-preflight/node_modules/tsx/dist/loader.mjs'),
    '--import=node_modules/tsx/dist/loader.mjs',
    'a flag=value',
  )
  t.equal(toRepositoryPath(root, '--expose-gc'), '--expose-gc')
  t.equal(toRepositoryPath(root, '--max-old-space-size=4096'), '--max-old-space-size=4096')
  t.equal(
    toRepositoryPath(root, '/home/someone/solana-preflight-old/x'),
    '/home/someone/solana-preflight-old/x',
    'a sibling with a longer name is not inside',
  )
  t.equal(toRepositoryPath(root, '/tmp/results'), '/tmp/results', 'outside the repository: unchanged')
})

t.test('a repository reached through a symbolic link is recognised by its real path too', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-repository-path-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const link = join(dir, 'link')
  symlinkSync(ROOT, link)
  t.equal(toRepositoryPath(link, join(ROOT, 'bench', 'results')), 'bench/results')
})

t.test("the machine info of this process names no directory of this machine's repository", async (t) => {
  // Under tap, node runs with --import=file:///…/node_modules/… flags: what a bench run has too.
  t.ok(
    process.execArgv.some((arg) => arg.includes('/node_modules/')),
    'this process has paths to rewrite',
  )
  const { execArgv } = getMachineInfo(ROOT)
  t.equal(execArgv.length, process.execArgv.length)
  for (const arg of execArgv) {
    t.notOk(arg.includes(ROOT) || arg.includes(pathToFileURL(ROOT).href), `${arg} names no absolute path into the repository`)
    t.notMatch(arg, /(^|=)(file:\/\/)?\/\S*node_modules\//, `${arg} names no absolute path into node_modules`)
  }
})
