/**
 * The README's example transaction (`npm run -s localnet:transaction`): a fresh funded wallet's
 * unsigned transfer that simulates successfully on localnet, different bytes on every call, and
 * the script that prints it as one line of base64.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { createExampleTransfer } from '../../localnet/example/transfer-transaction.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

t.test('an unsigned transfer from a funded wallet that simulates, new on every call', async (t) => {
  const localnet = await startTestLocalnet(t)
  const first = await createExampleTransfer(localnet.rpcUrl)
  const second = await createExampleTransfer(localnet.rpcUrl)
  t.not(first, second, 'fresh wallets each time')
  const bytes = Buffer.from(first, 'base64')
  t.equal(bytes[0], 1, 'one signature slot')
  t.ok(
    bytes.subarray(1, 65).every((byte) => byte === 0),
    'left unsigned',
  )
  const { result, error } = await localnet.call('simulateTransaction', [first, { encoding: 'base64', sigVerify: false }])
  t.notOk(error)
  t.equal(result?.value?.err, null, 'the transfer succeeds on localnet')
  t.equal(result?.value?.unitsConsumed, 150)
})

t.test('signed, it verifies: sendTransaction with signature checks lands it', async (t) => {
  const localnet = await startTestLocalnet(t)
  const signed = await createExampleTransfer(localnet.rpcUrl, undefined, true)
  const bytes = Buffer.from(signed, 'base64')
  t.notOk(
    bytes.subarray(1, 65).every((byte) => byte === 0),
    'the signature slot is filled',
  )
  const { result, error } = await localnet.call('sendTransaction', [signed, { encoding: 'base64' }])
  t.notOk(error, 'preflight verifies the signature')
  t.type(result, 'string')
})

t.test('the script prints one line of base64, and says what is wrong when no localnet answers', async (t) => {
  const localnet = await startTestLocalnet(t)
  // Asynchronously: this process serves the localnet the script calls.
  const run = (rpcUrl: string) =>
    promisify(execFile)(`${REPO_ROOT}node_modules/.bin/tsx`, ['localnet/example/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOCALNET_RPC_URL: rpcUrl },
      timeout: 30_000,
    })
  const { stdout } = await run(localnet.rpcUrl)
  t.match(stdout, /^[A-Za-z0-9+/]+=*\n$/, 'base64 and a newline, nothing else')
  const refused = (await run('http://127.0.0.1:9').catch((error: unknown) => error)) as { code?: number; stdout?: string; stderr?: string }
  t.equal(refused.code, 1, 'exit code 1')
  t.equal(refused.stdout, '')
  t.match(refused.stderr, /is localnet running\?/)
})
