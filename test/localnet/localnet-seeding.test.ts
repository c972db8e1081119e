import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { address } from '@solana/kit'
import t from 'tap'
import { readConfig } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { createLocalChain } from '../../localnet/chain.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet } from '../../localnet/localnet.js'
import { AccountDumpError, loadAccountsDir, parseAccountDump } from '../../localnet/seed/accounts-dir.js'
import { DEMO_MINT, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { ORCA_ACCOUNTS_DIR } from '../helpers/fixtures.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

type Dump = { pubkey: string; account: { data: [string, string]; lamports: number; owner: string; executable: boolean } }

async function readDumps(): Promise<Dump[]> {
  const names = (await readdir(ORCA_ACCOUNTS_DIR)).filter((name) => name.endsWith('.json')).sort()
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(ORCA_ACCOUNTS_DIR, name), 'utf8')) as Dump))
}

t.test('the Orca Whirlpool dumps load and read back byte-exact through getMultipleAccounts', async (t) => {
  const startedAt = Math.floor(Date.now() / 1000)
  const localnet = await startTestLocalnet(t, { LOCALNET_ACCOUNTS_DIR: ORCA_ACCOUNTS_DIR, LOCALNET_DEMO: 'false' })
  const dumps = await readDumps()
  t.equal(dumps.length, 37, 'all fixture files')
  const answer = await localnet.call('getMultipleAccounts', [dumps.map((d) => d.pubkey), { encoding: 'base64' }])
  const accounts = answer.result.value as Array<(Dump['account'] & { space: number }) | null>
  t.equal(accounts.length, dumps.length)
  let exact = 0
  dumps.forEach((dump, i) => {
    const account = accounts[i]
    if (!account) return t.fail(`${dump.pubkey} missing`)
    const same =
      account.data[0] === dump.account.data[0] &&
      account.data[1] === 'base64' &&
      account.lamports === dump.account.lamports &&
      account.owner === dump.account.owner &&
      account.executable === dump.account.executable &&
      account.space === Buffer.from(dump.account.data[0], 'base64').length
    if (same) exact++
    else t.fail(`${dump.pubkey} differs`)
  })
  t.equal(exact, dumps.length, 'every account byte-exact')

  const raw = await localnet.post(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getAccountInfo',
      params: ['BYQtcDyv2BoFuf5ghsYDGPA8iX5F4WquK7zCzUsDwJ63', { encoding: 'base64' }],
    }),
  )
  t.match(raw.text, /"rentEpoch":18446744073709551615[,}]/, 'u64::MAX rentEpoch written exactly, not rounded')

  const unix = localnet.chain.getUnixTimestamp()
  t.ok(unix >= BigInt(startedAt), `clock ${unix} is at/after the wall-clock start ${startedAt}`)
  t.ok(unix > 1_660_000_000n, 'and after the Aug 2022 state it holds (never 1970)')
  t.ok(localnet.chain.getSlot() >= 361n * 432_000n, 'slot at/after the newest rent epoch of the dumps')
})

t.test('a bad dump fails with an error naming the file, and nothing is loaded', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'localnet-accounts-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const good = await readFile(
    join(ORCA_ACCOUNTS_DIR, (await readdir(ORCA_ACCOUNTS_DIR)).find((n) => n.endsWith('.json')) as string),
    'utf8',
  )
  await writeFile(join(dir, 'a-good.json'), good)
  await writeFile(join(dir, 'b-bad.json'), '{"pubkey": "nope", "account": {}}')
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)
  const error = await loadAccountsDir(dir, chain).catch((e: unknown) => e)
  t.ok(error instanceof AccountDumpError, 'an AccountDumpError')
  t.match((error as Error).message, /b-bad\.json/, 'names the file')
  const goodAddress = (JSON.parse(good) as Dump).pubkey
  t.equal(chain.getAccount(address(goodAddress)), null, 'the good file was not half-loaded')
})

t.test('parseAccountDump checks each field', async (t) => {
  const base = {
    pubkey: 'BYQtcDyv2BoFuf5ghsYDGPA8iX5F4WquK7zCzUsDwJ63',
    account: {
      lamports: 1,
      data: ['AAE=', 'base64'],
      owner: '11111111111111111111111111111111',
      executable: false,
      rentEpoch: 0,
      space: 2,
    },
  }
  const parsed = parseAccountDump('x.json', JSON.stringify(base))
  t.same(Array.from(parsed.account.data), [0, 1])
  const variants: Array<[string, unknown]> = [
    ['not json', '{'],
    ['space mismatch', { ...base, account: { ...base.account, space: 3 } }],
    ['bad owner', { ...base, account: { ...base.account, owner: 'zz' } }],
    ['bad encoding', { ...base, account: { ...base.account, data: ['AAE=', 'jsonParsed'] } }],
    ['negative lamports', { ...base, account: { ...base.account, lamports: -1 } }],
    ['lamports over u64', { ...base, account: { ...base.account, lamports: '18446744073709551616' } }],
  ]
  for (const [what, value] of variants) {
    t.throws(() => parseAccountDump('x.json', typeof value === 'string' ? value : JSON.stringify(value)), /^x\.json: /, what)
  }
  const big = JSON.stringify(base).replace('"rentEpoch":0', '"rentEpoch":18446744073709551615')
  t.equal(parseAccountDump('x.json', big).account.rentEpoch, 18446744073709551615n, 'u64::MAX parsed exactly')
})

t.test('LOCALNET_UNIX_TIME sets the chain clock; a bad dir stops the start', async (t) => {
  const logger = createLogger('localnet-test', 'silent')
  const config = readConfig(localnetConfigSchema, {
    LOCALNET_RPC_PORT: '0',
    LOCALNET_GEYSER_PORT: '0',
    LOCALNET_RELAY_PORT: '0',
    LOCALNET_UNIX_TIME: '1700000000',
  })
  const localnet = await createLocalnet(config, logger, { autoAdvance: false })
  t.teardown(() => localnet.close())
  t.equal(localnet.chain.getUnixTimestamp(), 1_700_000_000n)
  const missing = readConfig(localnetConfigSchema, {
    LOCALNET_RPC_PORT: '0',
    LOCALNET_GEYSER_PORT: '0',
    LOCALNET_RELAY_PORT: '0',
    LOCALNET_ACCOUNTS_DIR: '/nonexistent/dir',
  })
  await t.rejects(createLocalnet(missing, logger), /nonexistent/)
})

t.test('LOCALNET_DEMO=false starts empty', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_DEMO: 'false' })
  t.equal(localnet.chain.getAccount(DEMO_MINT), null)
  t.equal((await localnet.call('getBalance', [DEMO_WALLETS[0]])).result.value, 0)
})
