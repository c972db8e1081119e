/**
 * An attacker's probe of what the service discloses (issue 28, item 4): every configured secret —
 * credentials in URLs (userinfo, a token in the path, a key in the query), tokens, keys, the tip
 * wallet's keypair — is planted with a distinctive value in a real `npm start` process, which is
 * then asked everything a stranger may ask (/health, /api/v1/status, the engine's credential-free
 * Health RPC) and made to fail and log (an unreachable geyser, RPC, send endpoints, relay and
 * Stripe; a Redis that refuses the password; a database that cannot be reached). No planted value
 * may appear in any answer's status line, headers or body, nor in any line the process printed.
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { toBase58 } from '../../lib/base58.js'
import { getFreePort } from '../../lib/free-port.js'
import { newKeypairBytes } from '../helpers/keypair-bytes.js'
import {
  createServiceProcessSetup,
  isRunning,
  postJson,
  runEntryToExit,
  startServiceProcess,
  waitForExit,
} from '../helpers/service-process.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

t.setTimeout(240_000)

/** The planted values, by what they stand for. */
type Secrets = Map<string, string>

/** A distinctive value for `label` (URL-safe, so it can sit in userinfo, a path or a query). */
function plant(secrets: Secrets, label: string, minLength = 0): string {
  const value = `planted${label.replace(/[^a-z]/gi, '')}${randomBytes(8).toString('hex')}`.padEnd(minLength, 'x')
  secrets.set(label, value)
  return value
}

/** The tip wallet's keypair in every form it could be printed in: JSON bytes, base58, base64, hex. */
function plantKeypair(secrets: Secrets, file: string): void {
  const keypair = newKeypairBytes()
  writeFileSync(file, JSON.stringify([...keypair]), { mode: 0o600 })
  const seed = Buffer.from(keypair.subarray(0, 32))
  secrets.set('tip wallet seed (bytes)', [...seed].join(','))
  secrets.set('tip wallet keypair (base58)', toBase58(keypair))
  secrets.set('tip wallet seed (base58)', toBase58(seed))
  secrets.set('tip wallet seed (base64)', seed.toString('base64'))
  secrets.set('tip wallet seed (hex)', seed.toString('hex'))
}

/** Every planted value found in `text` (a byte list is also looked for without its spaces, as util.inspect prints one). */
function findSecrets(secrets: Secrets, text: string): string[] {
  const compact = text.replace(/\s+/g, '')
  return [...secrets].filter(([, value]) => text.includes(value) || compact.includes(value)).map(([label]) => label)
}

async function listen(t: Test, server: Server | TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return (server.address() as AddressInfo).port
}

/** An HTTP endpoint that fails every call with a 500 (an RPC node, a relay in trouble). */
async function startFailingHttp(t: Test): Promise<number> {
  const server = createHttpServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(500, { 'content-type': 'text/plain' }).end('internal error'))
  })
  server.keepAliveTimeout = 100
  t.teardown(() => server.closeAllConnections())
  return listen(t, server)
}

/** A Redis that refuses every command with WRONGPASS (a rotated password); records what it was sent. */
async function startRefusingRedis(t: Test): Promise<{ port: number; received: () => string }> {
  let received = ''
  const sockets = new Set<Socket>()
  const server = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // The refused process exits with its connection open, which the kernel may answer with a reset:
    // an ECONNRESET here is the client leaving, not a failure of this stand-in (unhandled, it
    // failed the test as an uncaught exception).
    socket.on('error', () => undefined)
    socket.on('data', (chunk) => {
      received += chunk.toString()
      // One error reply per command (a RESP array header at a line's start).
      const commands = chunk
        .toString()
        .split('\r\n')
        .filter((line) => /^\*\d/.test(line)).length
      for (let i = 0; i < commands; i++) socket.write('-WRONGPASS invalid username-password pair or user is disabled.\r\n')
    })
  })
  t.teardown(() => sockets.forEach((socket) => socket.destroy()))
  return { port: await listen(t, server), received: () => received }
}

/** `url` with `password` as its userinfo password (unless it has one), or undefined when unset. */
function withPassword(url: string | undefined, user: string, password: string): string | undefined {
  if (!url) return undefined
  const parsed = new URL(url)
  if (parsed.password) return url
  parsed.username ||= user
  parsed.password = password
  return parsed.toString()
}

interface Answer {
  what: string
  text: string
}

/** The status line, every header and the body of an answer, as one text to search. */
async function toAnswer(what: string, response: Response): Promise<Answer> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
  return { what, text: `${response.status} ${response.statusText}\n${headers}\n\n${await response.text()}` }
}

t.test('npm start with every secret planted: no answer and no log line carries one', async (t) => {
  const secrets: Secrets = new Map()
  const failing = await startFailingHttp(t)
  const closed = [await getFreePort(), await getFreePort(), await getFreePort()] as const
  const setup = await createServiceProcessSetup(t)
  const keypairFile = join(setup.dataDir, 'tip-wallet.json')
  plantKeypair(secrets, keypairFile)
  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'debug',
    // Chain reads: a URL with a password (fetch refuses it) and one with a path token and a query key (HTTP 500).
    SOLANA_RPC_URLS: [
      `http://rpc:${plant(secrets, 'RPC password')}@127.0.0.1:${closed[0]}/`,
      `http://127.0.0.1:${failing}/${plant(secrets, 'RPC path token')}?api-key=${plant(secrets, 'RPC query key')}`,
    ].join(','),
    SEND_STAKED_RPC_URLS: `http://staked:${plant(secrets, 'staked password')}@127.0.0.1:${failing}/?x-token=${plant(secrets, 'staked query')}`,
    SEND_RPC_URLS: `http://127.0.0.1:${failing}/${plant(secrets, 'send path token')}`,
    RELAY_URL: `http://relay:${plant(secrets, 'relay password')}@127.0.0.1:${failing}/${plant(secrets, 'relay path')}?api-key=${plant(secrets, 'relay query')}`,
    RELAY_AUTH: plant(secrets, 'RELAY_AUTH'),
    GEYSER_ENDPOINT: [
      `http://geyser:${plant(secrets, 'geyser password')}@127.0.0.1:${closed[1]}`,
      `http://127.0.0.1:${closed[2]}/${plant(secrets, 'geyser path token')}?x-token=${plant(secrets, 'geyser query token')}`,
    ].join(','),
    GEYSER_TOKEN: plant(secrets, 'GEYSER_TOKEN'),
    TIP_WALLET_KEYPAIR: keypairFile,
    JWT_SECRET: plant(secrets, 'JWT_SECRET', 40),
    ENGINE_INTERNAL_TOKEN: plant(secrets, 'ENGINE_INTERNAL_TOKEN', 40),
    ACCOUNTS_INTERNAL_TOKEN: plant(secrets, 'ACCOUNTS_INTERNAL_TOKEN', 40),
    STRIPE_SECRET_KEY: `sk_test_${plant(secrets, 'STRIPE_SECRET_KEY')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${plant(secrets, 'STRIPE_WEBHOOK_SECRET')}`,
    STRIPE_PRICE_ID: 'price_probe',
    STRIPE_API_URL: `http://127.0.0.1:${closed[0]}`,
  }
  // PostgreSQL and Redis as the suite runs them, with a password planted (a server that trusts
  // local connections never asks for it; one that refuses it is the second test's business).
  const databaseUrl = withPassword(process.env.DATABASE_URL, 'postgres', plant(secrets, 'DATABASE_URL password'))
  const redisUrl = withPassword(process.env.REDIS_URL, 'default', plant(secrets, 'REDIS_URL password'))
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  if (redisUrl) env.REDIS_URL = redisUrl
  Object.assign(setup.env, env)

  const running = await startServiceProcess(t, setup)
  if (!running) return
  const answers: Answer[] = []
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await toAnswer(`GET ${path}`, await fetch(`${setup.restUrl}${path}`, { headers }))
    answers.push(answer)
    return answer
  }
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const answer = await toAnswer(`POST ${path}`, await postJson(`${setup.restUrl}${path}`, body, headers))
    answers.push(answer)
    return answer
  }

  // The geyser streams have failed to connect (and said so in the log) before the probe reads health.
  const deadline = Date.now() + 30_000
  let health = await get('/health')
  while (Date.now() < deadline && (running.output().match(/geyser connect failed/g) ?? []).length < 2) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    health = await get('/health')
  }
  t.match(running.output(), /geyser connect failed[\s\S]*geyser connect failed/, 'both geyser endpoints failed and were logged')
  const engineHealth = JSON.parse(health.text.slice(health.text.indexOf('\n\n') + 2)).details.engine
  t.equal(engineHealth.geyser.endpoints.length, 2, '/health lists both geyser endpoints')
  await get('/api/v1/status')
  await get('/api/v1/plans')
  await get('/openapi.json')
  await get('/no-such-route')

  const grpc = createGrpcEngineClient(`127.0.0.1:${setup.ports.grpc}`)
  try {
    answers.push({ what: 'engine Health RPC', text: JSON.stringify(await grpc.health()) })
  } finally {
    await grpc.close()
  }

  // Calls that fail on the unreachable upstreams, so that their errors are answered and logged.
  const registered = await post('/auth/register', {
    email: `probe-${process.pid}-${Date.now()}@example.com`,
    password: 'correct horse battery staple',
  })
  const token = JSON.parse(registered.text.slice(registered.text.indexOf('\n\n') + 2)).token as string
  const bearer = { authorization: `Bearer ${token}` }
  const key = await post('/api/v1/api-keys', { name: 'probe' }, bearer)
  const apiKey = { 'x-api-key': JSON.parse(key.text.slice(key.text.indexOf('\n\n') + 2)).key as string }
  const payer = await generateKeyPairSigner()
  const signed = toBase64(
    await buildTransaction({
      feePayer: payer.address,
      blockhash: toBase58(randomBytes(32)),
      instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000n)],
      signers: [payer],
    }),
  )
  await post('/api/v1/solana/tx/simulate', { transaction: signed, timeout_ms: 300 }, apiKey)
  const sent = await post('/api/v1/solana/tx/send', { transaction: signed, max_retries: 2 }, apiKey)
  t.match(sent.text, /^502 /, 'send failed on every send endpoint (502)', { answer: sent.text })
  await post('/api/v1/solana/tx/submit', { transaction: signed, strategy: 'managed_tip_bundle' }, apiKey)
  await get('/api/v1/solana/tips', apiKey)
  await post('/api/v1/billing/checkout', {}, bearer)
  await post('/api/v1/billing/webhook', { id: 'evt_probe' }, { 'stripe-signature': 't=1,v1=00' })

  process.kill(running.child.pid as number, 'SIGTERM')
  const exit = await waitForExit(running.child, 30_000)
  t.ok(exit && !isRunning(running.child), 'the process stopped on SIGTERM')

  for (const answer of answers) t.same(findSecrets(secrets, answer.text), [], `${answer.what}: no secret in the answer`)
  t.same(findSecrets(secrets, running.output()), [], 'no secret in any line the process printed', {
    lines: running
      .output()
      .split('\n')
      .filter((line) => findSecrets(secrets, line).length > 0)
      .slice(0, 20),
  })
})

t.test('a boot that fails on a Redis refusing its password, or an unreachable database, prints neither password', async (t) => {
  const secrets: Secrets = new Map()
  const setup = await createServiceProcessSetup(t, { SOLANA_RPC_URLS: `http://127.0.0.1:${await getFreePort()}` })
  const redis = await startRefusingRedis(t)
  const refused = await runEntryToExit(
    t,
    setup,
    'main.ts',
    { REDIS_URL: `redis://preflight:${plant(secrets, 'REDIS_URL password')}@127.0.0.1:${redis.port}` },
    30_000,
  )
  t.equal(refused.exit?.code, 1, 'Redis refusing the password stops the boot (exit 1)', { stderr: refused.stderr })
  t.match(redis.received(), secrets.get('REDIS_URL password') as string, 'the password was presented to Redis')
  t.match(refused.stdout + refused.stderr, /WRONGPASS/, "Redis's refusal is reported")

  const unreachable = await runEntryToExit(
    t,
    setup,
    'main.ts',
    { DATABASE_URL: `postgres://preflight:${plant(secrets, 'DATABASE_URL password')}@127.0.0.1:${await getFreePort()}/preflight` },
    30_000,
  )
  t.equal(unreachable.exit?.code, 1, 'an unreachable database stops the boot (exit 1)', { stderr: unreachable.stderr })
  t.match(unreachable.stdout + unreachable.stderr, /ECONNREFUSED/, 'the refused connection is reported')

  for (const [what, run] of Object.entries({ redis: refused, database: unreachable })) {
    const output = run.stdout + run.stderr
    t.same(findSecrets(secrets, output), [], `${what}: no password in what the process printed`, { output: output.slice(-3000) })
  }
})
