/**
 * deploy/compose.yaml can submit bundles: its engine names localnet's relay and the tip wallet
 * localnet funds in a volume both mount, and an empty GEYSER_ENDPOINT or RELAY_URL in .env turns
 * one off. Read from the file itself, then run as compose would, with processes for containers:
 * localnet (its own process, LOCALNET_TIP_WALLET_KEYPAIR as compose sets it), and a service that
 * follows it with the engine's variables as compose resolves them (hosts mapped to 127.0.0.1, the
 * volume to a directory) and deploy/README.md's demo allowance; a managed-tip bundle lands.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import t from 'tap'
import { parse } from 'yaml'
import type { SubmitResponse } from '../../engine/contract/submit-response.js'
import { createExampleTransfer } from '../../localnet/example/transfer-transaction.js'
import { createServiceProcessSetup, isRunning, postJson, startServiceProcess, waitForExit } from '../helpers/service-process.js'

const REPO_ROOT = join(import.meta.dirname, '..', '..')
const compose = parse(readFileSync(join(REPO_ROOT, 'deploy', 'compose.yaml'), 'utf8')) as {
  services: Record<string, { environment: Record<string, string>; volumes?: string[] }>
}
const engine = compose.services['engine']!
const localnet = compose.services['localnet']!

/** docker compose's interpolation of `${VAR}`, `${VAR-default}`, `${VAR:-default}`, `${VAR:?message}`. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g, (_match, name: string, colon: string, kind: string, rest: string) => {
    const set = name in env
    const usable = colon ? set && env[name] !== '' : set
    if (usable) return env[name] as string
    if (kind === '-') return rest
    if (kind === '?') throw new Error(rest)
    return ''
  })
}

/** The volume name and whether it is read-only, of the mount at `dir` in `service`. */
function mountAt(service: { volumes?: string[] }, dir: string): { volume: string; readOnly: boolean } | undefined {
  for (const entry of service.volumes ?? []) {
    const [volume, target, mode] = entry.split(':')
    if (target === dir) return { volume: volume as string, readOnly: mode === 'ro' }
  }
  return undefined
}

t.test('compose: the engine and localnet share the tip wallet, and an empty setting turns a door off', async (t) => {
  const keypair = interpolate(localnet.environment['LOCALNET_TIP_WALLET_KEYPAIR']!, {})
  t.equal(interpolate(engine.environment['TIP_WALLET_KEYPAIR']!, {}), keypair, 'the engine reads the file localnet writes')
  t.same(mountAt(localnet, dirname(keypair)), { volume: 'tip-wallet', readOnly: false }, 'localnet writes it into the volume')
  t.same(mountAt(engine, dirname(keypair)), { volume: 'tip-wallet', readOnly: true }, 'the engine mounts the same volume read-only')
  t.equal(interpolate(engine.environment['RELAY_URL']!, {}), 'http://localnet:8902', 'unset: localnet’s relay')
  t.equal(interpolate(engine.environment['RELAY_URL']!, { RELAY_URL: '' }), '', 'RELAY_URL= in .env: no relay')
  t.equal(interpolate(engine.environment['GEYSER_ENDPOINT']!, { GEYSER_ENDPOINT: '' }), '', 'GEYSER_ENDPOINT= in .env: no stream')
  t.equal(interpolate(engine.environment['FREE_MANAGED_TIP_MAX_LAMPORTS']!, {}), '0', 'no free tips unless .env asks')
})

t.test('compose’s engine settings submit a managed-tip bundle through localnet’s relay', async (t) => {
  const setup = await createServiceProcessSetup(t)
  const { rpc, geyser, relay } = setup.ports
  const keypairFile = join(setup.dataDir, 'tip-wallet', 'keypair.json')
  // localnet as its container runs it, with its own ports here.
  const localnetProcess = spawn(process.execPath, ['--import', 'tsx', 'localnet/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...setup.env,
      LOCALNET_TIP_WALLET_KEYPAIR: keypairFile,
      LOG_LEVEL: 'warn',
    },
    detached: true,
    stdio: 'ignore',
  })
  t.teardown(async () => {
    if (isRunning(localnetProcess)) process.kill(-(localnetProcess.pid as number), 'SIGKILL')
    await waitForExit(localnetProcess, 5_000)
  })
  const rpcUrl = `http://127.0.0.1:${rpc}`
  const deadline = Date.now() + 60_000
  for (;;) {
    const up = await postJson(rpcUrl, { jsonrpc: '2.0', id: 1, method: 'getHealth' }).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline || !isRunning(localnetProcess)) return t.fail('localnet answers within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  // The engine's variables as compose resolves them with no .env but the README's demo allowance.
  const dotEnv = { FREE_MANAGED_TIP_MAX_LAMPORTS: '1000000', FREE_MANAGED_TIP_DAILY_LAMPORTS: '100000000' }
  const toHere = (value: string) =>
    value
      .replace('http://localnet:8899', rpcUrl)
      .replace('http://localnet:10000', `http://127.0.0.1:${geyser}`)
      .replace('http://localnet:8902', `http://127.0.0.1:${relay}`)
      .replace(dirname(interpolate(engine.environment['TIP_WALLET_KEYPAIR']!, {})), dirname(keypairFile))
  const engineEnv: Record<string, string> = {}
  for (const name of [
    'SOLANA_RPC_URLS',
    'GEYSER_ENDPOINT',
    'RELAY_URL',
    'TIP_WALLET_KEYPAIR',
    'SEND_STAKED_RPC_URLS',
    'FREE_MANAGED_TIP_MAX_LAMPORTS',
    'FREE_MANAGED_TIP_DAILY_LAMPORTS',
  ]) {
    engineEnv[name] = toHere(interpolate(engine.environment[name]!, dotEnv))
  }
  t.equal(engineEnv['TIP_WALLET_KEYPAIR'], keypairFile)
  const running = await startServiceProcess(t, { ...setup, env: { ...setup.env, ...engineEnv } })
  if (!running) return

  const rest = setup.restUrl
  const email = `compose-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const registered = await postJson(`${rest}/auth/register`, { email, password: 'correct horse battery staple' })
  const { token } = (await registered.json()) as { token: string }
  const created = await postJson(`${rest}/api/v1/api-keys`, { name: 'compose' }, { authorization: `Bearer ${token}` })
  const { key } = (await created.json()) as { key: string }
  const transaction = await createExampleTransfer(rpcUrl, AbortSignal.timeout(10_000), true)
  const response = await postJson(
    `${rest}/api/v1/solana/tx/submit`,
    { transaction, strategy: 'managed_tip_bundle', wait_confirmation: true },
    { 'x-api-key': key },
  )
  const answer = (await response.json()) as SubmitResponse
  t.equal(response.status, 200, 'submit answers', { answer })
  t.match(answer, { strategy: 'managed_tip_bundle', route: 'relay_bundle', bundle_id: /^\w+$/, transaction_error: null })
  t.ok(['confirmed', 'finalized'].includes(answer.confirmation), `landed: ${answer.confirmation}`)
  t.ok((answer.tip_lamports ?? 0) > 0, 'tipped by the wallet localnet funded')
})
