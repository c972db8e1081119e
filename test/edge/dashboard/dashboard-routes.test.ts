/**
 * The edge's dashboard routes (edge/dashboard/): `/` sends a browser to /app/, the page and its
 * files come with the Content-Security-Policy and the caching the docs promise (hashed assets a
 * year, the page revalidated), compressed as the client accepts, a 304 on a matching ETag, and the
 * Error envelope for anything that is not a built file — a path that climbs out of the build
 * included. Against a build of our own in a temporary folder; the real build meets a real browser
 * in test/e2e/dashboard-browser.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import { registerDashboardRoutes } from '../../../edge/dashboard/dashboard-routes.js'

const PAGE = '<!doctype html><title>dashboard</title><script type="module" src="/app/assets/index-abc123.js"></script>'
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2_000))}\n`

function createBuild(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-build-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), PAGE)
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT)
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

async function createApp(t: Test, dir: string, rpcUrl?: string): Promise<FastifyInstance> {
  const app = Fastify()
  registerDashboardRoutes(app, { dir, rpcUrl })
  await app.ready()
  t.teardown(() => app.close())
  return app
}

t.test('/ and /app send a browser to /app/', async (t) => {
  const app = await createApp(t, createBuild(t))
  const root = await app.inject('/')
  t.equal(root.statusCode, 302)
  t.equal(root.headers.location, '/app/')
  const bare = await app.inject('/app')
  t.equal(bare.statusCode, 301)
  t.equal(bare.headers.location, '/app/')
})

t.test('the page: a strict policy, revalidated on every load, 304 when unchanged', async (t) => {
  const app = await createApp(t, createBuild(t), 'http://127.0.0.1:8899/')
  const page = await app.inject('/app/')
  t.equal(page.statusCode, 200)
  t.equal(page.body, PAGE)
  t.match(page.headers['content-type'], /^text\/html/)
  t.equal(page.headers['cache-control'], 'no-cache')
  const policy = String(page.headers['content-security-policy'])
  t.match(policy, /(^|; )default-src 'none'(;|$)/)
  t.match(policy, /(^|; )script-src 'self'(;|$)/, 'scripts from the origin only: no inline script, no eval')
  t.notMatch(policy, /unsafe-inline|unsafe-eval/)
  t.match(policy, /(^|; )connect-src 'self' http:\/\/127\.0\.0\.1:8899(;|$)/, 'the API and the chain the demos are built on')
  t.match(policy, /frame-ancestors 'none'/)
  t.equal(page.headers['x-content-type-options'], 'nosniff')
  const etag = String(page.headers.etag)
  const again = await app.inject({ url: '/app/', headers: { 'if-none-match': etag } })
  t.equal(again.statusCode, 304)
  t.equal(again.body, '')
  const changed = await app.inject({ url: '/app/', headers: { 'if-none-match': '"another"' } })
  t.equal(changed.statusCode, 200)
})

t.test('hashed assets are cached a year and sent compressed as accepted', async (t) => {
  const app = await createApp(t, createBuild(t))
  const url = '/app/assets/index-abc123.js'
  const plain = await app.inject(url)
  t.equal(plain.statusCode, 200)
  t.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.match(plain.headers['content-type'], /^text\/javascript/)
  t.equal(plain.headers['content-encoding'], undefined)
  t.equal(plain.body, SCRIPT)
  const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
  t.equal(brotli.headers['content-encoding'], 'br')
  t.equal(brotliDecompressSync(brotli.rawPayload).toString(), SCRIPT)
  t.ok(brotli.rawPayload.length < SCRIPT.length / 4, 'smaller than the file')
  const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
  t.equal(gzip.headers['content-encoding'], 'gzip')
  t.equal(gunzipSync(gzip.rawPayload).toString(), SCRIPT)
  t.equal(gzip.headers.vary, 'accept-encoding')
  const icon = await app.inject('/app/favicon.svg')
  t.equal(icon.headers['cache-control'], 'no-cache', 'a file outside assets/ keeps its name across builds: revalidated')
})

t.test('the demos chain: in config.json and nowhere when unset', async (t) => {
  const withChain = await createApp(t, createBuild(t), 'http://127.0.0.1:8899')
  t.same(JSON.parse((await withChain.inject('/app/config.json')).body), { rpc_url: 'http://127.0.0.1:8899' })
  const without = await createApp(t, createBuild(t))
  const config = await without.inject('/app/config.json')
  t.same(JSON.parse(config.body), { rpc_url: null })
  t.match(String(config.headers['content-security-policy']), /(^|; )connect-src 'self'(;|$)/)
})

t.test('anything else is the Error envelope, never a file outside the build', async (t) => {
  const dir = createBuild(t)
  writeFileSync(join(dir, '..', 'secret.txt'), 'not to be served')
  t.teardown(() => rmSync(join(dir, '..', 'secret.txt'), { force: true }))
  const app = await createApp(t, dir)
  for (const url of ['/app/nope.js', '/app/assets/', '/app/assets/..%2f..%2fsecret.txt']) {
    const response = await app.inject(url)
    t.equal(response.statusCode, 404, url)
    t.equal(JSON.parse(response.body).error.code, 'not_found', url)
    t.notMatch(response.body, /not to be served/, url)
  }
  // The URL parser resolves these to /secret.txt, which no route serves (the edge's own not-found handler answers the envelope).
  for (const url of ['/app/../secret.txt', '/app/%2e%2e/secret.txt']) {
    const response = await app.inject(url)
    t.equal(response.statusCode, 404, url)
    t.notMatch(response.body, /not to be served/, url)
  }
})

t.test('without a build the page says how to make one', async (t) => {
  const app = await createApp(t, join(createBuild(t), 'missing'))
  const response = await app.inject('/app/')
  t.equal(response.statusCode, 404)
  t.match(JSON.parse(response.body).error.message, /npm run build/)
})
