/**
 * The TypeScript SDK in a real browser (Debian's Chromium, headless, driven by playwright-core):
 * the SDK's ESM build, as tsc emits it for the package, is served with a page from an app origin
 * that also proxies the service (REST and the WebSocket upgrade), as a browser app's own server
 * does. In the page: simulate through fetch and the verdict, an invalid transaction as a
 * PreflightError by code, and the stream over the browser's own WebSocket (the API key in
 * `?api_key=`) with a simulate and a watch started and unsubscribed, and a refused key on the
 * stream as `unauthorized` (a browser hides the handshake's 401). Then what a page gets when it
 * calls the service's own origin: the service sends no CORS headers, so the browser refuses the
 * REST call (network_error), while the WebSocket, which CORS does not govern, is served.
 * One service process.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { chromium, type Browser } from 'playwright-core'
import t, { type Test } from 'tap'
import { PreflightClient } from '../../../sdk/typescript/src/index.js'
import { createServiceProcessSetup, startServiceProcess } from '../../helpers/service-process.js'
import { createSdkWallet } from '../../helpers/sdk-wallet.js'

const CHROMIUM = '/usr/bin/chromium'
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** What the page is given (written into it as JSON). */
interface PageInput {
  apiKey: string
  /** The service's own origin, for the cross-origin calls. */
  serviceUrl: string
  transaction: string
  watchTransaction: string
}

/**
 * The page: the SDK imported from the app's origin, and one function per scenario for the test
 * to call (plain JavaScript, as a browser app ships it; answers are plain objects the test reads).
 */
function getPageHtml(input: PageInput): string {
  return `<!doctype html>
<meta charset="utf-8">
<title>solana-preflight in a browser</title>
<script type="module">
import { PreflightClient, PreflightError, isPreflightError } from '/sdk/index.js'
const input = ${JSON.stringify(input)}

/** The error a call fails with, as the fields a caller matches on. */
async function getError(promise, expectedCode) {
  try {
    await promise
  } catch (error) {
    const { code, status, message } = error
    return { isPreflightError: error instanceof PreflightError, matchedByCode: isPreflightError(error, expectedCode), code, status, message }
  }
  return { resolved: true }
}

const client = new PreflightClient({ baseUrl: location.origin, apiKey: input.apiKey })

window.scenarios = {
  async simulate() {
    const result = await client.simulate(input.transaction, { policy: 'strict' })
    return {
      success: result.success,
      decision: result.decision,
      computeUnits: result.compute_units,
      summary: result.summary[0]?.lines ?? [],
      timedOutVectors: result.timed_out_vectors,
    }
  },
  async invalidTransaction() {
    return getError(client.simulate('AAAA'), 'invalid_transaction')
  },
  async stream() {
    const stream = client.stream()
    try {
      const simulated = await stream.simulate(input.transaction)
      const watch = await stream.watch(input.watchTransaction)
      await watch.unsubscribe()
      const updates = []
      for await (const update of watch) updates.push(update)
      return {
        simulated: { success: simulated.success, decision: simulated.decision },
        watch: { subscription: watch.subscription, first: watch.first.decision, ended: await watch.ended, updates: updates.length },
      }
    } finally {
      await stream.close()
    }
  },
  async refusedKey() {
    const stream = new PreflightClient({ baseUrl: location.origin, apiKey: 'pf_live_nope' }).stream()
    return getError(stream.connect(), 'unauthorized')
  },
  async crossOrigin() {
    const direct = new PreflightClient({ baseUrl: input.serviceUrl, apiKey: input.apiKey, retry: { maxRetries: 0 } })
    const rest = await getError(direct.simulate(input.transaction), 'network_error')
    const stream = direct.stream()
    try {
      const streamed = await stream.simulate(input.transaction)
      return { rest, stream: { success: streamed.success, decision: streamed.decision } }
    } finally {
      await stream.close()
    }
  },
}
window.ready = true
</script>
`
}

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8' }

/**
 * The app's origin: the page at /, the SDK's ESM build under /sdk/, and everything else proxied
 * to the service (a WebSocket upgrade piped as raw bytes after its request head).
 */
async function startAppServer(
  t: Test,
  options: { html: string; sdkDir: string; servicePort: number },
): Promise<{ url: string; upgrades: IncomingMessage[] }> {
  const upgrades: IncomingMessage[] = []
  const serveSdk = (path: string, response: ServerResponse) => {
    const file = normalize(join(options.sdkDir, path))
    if (!file.startsWith(options.sdkDir) || !existsSync(file)) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  }
  const proxy = (request: IncomingMessage, response: ServerResponse) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: options.servicePort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  }
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    if (path === '/') return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(options.html)
    if (path === '/favicon.ico') return response.writeHead(204).end()
    if (path.startsWith('/sdk/')) return serveSdk(path.slice('/sdk/'.length), response)
    proxy(request, response)
  })
  server.on('upgrade', (request: IncomingMessage, client: Socket, head: Buffer) => {
    upgrades.push(request)
    const upstream = connect(options.servicePort, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    const lines = [`${request.method} ${request.url} HTTP/1.1`]
    for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
    upstream.write(head)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(async () => {
    for (const socket of sockets) socket.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, upgrades }
}

/** The SDK's ESM output as its package build emits it (tsconfig.esm.json), into `outDir`. */
async function buildSdkEsm(outDir: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(REPO_ROOT, 'sdk/typescript/tsconfig.esm.json'),
      '--outDir',
      outDir,
      '--declaration',
      'false',
      '--sourceMap',
      'false',
    ],
    { cwd: REPO_ROOT },
  )
}

// A boot, a tsc build and a browser launch on a loaded machine.
t.setTimeout(120_000)

t.test(
  'the SDK in Chromium',
  { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium)` },
  async (t) => {
    const setup = await createServiceProcessSetup(t)
    const sdkDir = mkdtempSync(join(tmpdir(), 'sdk-browser-'))
    t.teardown(() => rmSync(sdkDir, { recursive: true, force: true }))
    // The build runs while the service boots.
    const [running] = await Promise.all([startServiceProcess(t, setup), buildSdkEsm(sdkDir)])
    if (!running) return

    const account = new PreflightClient({ baseUrl: setup.restUrl })
    await account.auth.register(`sdk-browser-${process.pid}-${randomBytes(3).toString('hex')}@example.com`, 'correct horse battery staple')
    const { key } = await account.apiKeys.create({ name: 'browser' })
    const wallet = await createSdkWallet(`http://127.0.0.1:${setup.ports.rpc}`)
    const input: PageInput = {
      apiKey: key,
      serviceUrl: setup.restUrl,
      transaction: await wallet.transferBase64(1_000_000n),
      watchTransaction: await wallet.transferBase64(2_000_000n),
    }
    const app = await startAppServer(t, { html: getPageHtml(input), sdkDir, servicePort: setup.ports.rest })

    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] })
    t.teardown(() => browser.close())
    const page = await browser.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(app.url)
    await page.waitForFunction('window.ready === true', undefined, { timeout: 10_000 })

    t.test('simulate through fetch: the verdict', async (t) => {
      type Simulated = { decision: string; summary: string[]; timedOutVectors: string[] }
      let result = (await page.evaluate('scenarios.simulate()')) as Simulated
      // The service's first simulate, for a fresh wallet: on a loaded machine a vector may run out
      // of the 800 ms deadline, and the verdict then warns and names it (docs/detection.md). Such
      // an answer is never cached, so the same call again is simulated warm and must approve.
      if (result.decision === 'warn' && result.timedOutVectors.length > 0) {
        t.comment(`vectors out of time on the cold call: ${result.timedOutVectors.join(', ')}; called again`)
        result = (await page.evaluate('scenarios.simulate()')) as Simulated
      }
      t.match(result, { success: true, decision: 'approve', computeUnits: 150 })
      t.same(result.timedOutVectors, [], 'every vector answered')
      t.match(result.summary, [/^You send 0\.001 SOL/], 'the summary sentences')
    })

    t.test('an invalid transaction: a PreflightError with its code', async (t) => {
      t.match(await page.evaluate('scenarios.invalidTransaction()'), {
        isPreflightError: true,
        code: 'invalid_transaction',
        status: 422,
        matchedByCode: true,
      })
    })

    t.test('the stream over the browser’s WebSocket: simulate, watch and unsubscribe', async (t) => {
      t.match(await page.evaluate('scenarios.stream()'), {
        simulated: { success: true, decision: 'approve' },
        watch: { subscription: /^w_[0-9a-f]{24}$/, first: 'approve', ended: 'unsubscribed', updates: 0 },
      })
      const [upgrade] = app.upgrades
      t.equal(new URL(upgrade?.url ?? '', app.url).searchParams.get('api_key'), key, 'the browser’s socket carried the key in ?api_key=')
      t.equal(upgrade?.headers['x-api-key'], undefined, 'not as a header, which a browser cannot set')
    })

    t.test('the service’s own origin from the page: REST refused by CORS, the stream served', async (t) => {
      t.match(await page.evaluate('scenarios.crossOrigin()'), {
        rest: { isPreflightError: true, matchedByCode: true, code: 'network_error', status: 0 },
        stream: { success: true, decision: 'approve' },
      })
    })

    t.test('a refused API key on the stream: unauthorized, as in Node', async (t) => {
      t.match(await page.evaluate('scenarios.refusedKey()'), {
        isPreflightError: true,
        matchedByCode: true,
        code: 'unauthorized',
        status: 401,
        message: 'The API key is not valid.',
      })
    })

    t.test('no uncaught error or unhandled rejection in the page', async (t) => {
      t.same(pageErrors, [])
    })
  },
)
