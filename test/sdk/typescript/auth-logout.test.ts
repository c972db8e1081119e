/**
 * The TypeScript SDK's auth.logout() against a scripted fetch (the service's own answers are
 * client-service.test.ts's): it presents the session's refresh token and then forgets the pair;
 * a refresh in flight is waited out, so the pair it brings is the one revoked and is not kept; a
 * failed logout keeps the pair, to be tried again; without a refresh token nothing is sent; an
 * unavailable service is retried (logout is idempotent).
 */
import t from 'tap'
import { PreflightClient, PreflightError } from '../../../sdk/typescript/src/index.js'

const BASE_URL = 'http://preflight.test'

/** A pair as the service answers it. */
const pair = (n: number) => ({ token: `access-${n}`, refresh_token: `refresh-${n}`, token_type: 'Bearer', expires_in: 86_400 })

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
const envelope = (code: string) => ({ error: { code, message: code, request_id: 'test' } })

interface Script {
  /** Each request: method, path, the Authorization header and the refresh_token sent. */
  sent: Array<{ path: string; authorization: string | null; refreshToken: unknown }>
  /** Answers logout; the default says {revoked: true}. */
  logout: () => Response
  /** Answers refresh; the default is pair 2. */
  refresh: () => Promise<Response>
  fetch: typeof fetch
}

function createScript(): Script {
  const script: Script = {
    sent: [],
    logout: () => json(200, { revoked: true }),
    refresh: async () => json(200, pair(2)),
    fetch: async (input, init) => {
      const path = new URL(String(input)).pathname
      const authorization = new Headers(init?.headers).get('authorization')
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { refresh_token?: unknown }) : {}
      script.sent.push({ path, authorization, refreshToken: body.refresh_token })
      if (path === '/auth/logout') return script.logout()
      if (path === '/auth/refresh') return script.refresh()
      if (path === '/auth/me') return authorization ? json(200, { email: 'me@example.com' }) : json(401, envelope('unauthorized'))
      return json(404, envelope('not_found'))
    },
  }
  return script
}

/** The PreflightError `promise` rejects with. */
async function getError(promise: Promise<unknown>): Promise<PreflightError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (error instanceof PreflightError) return error
  throw new Error(`expected a PreflightError, got ${String(error)}`)
}

t.test('presents the refresh token, then forgets the pair', async (t) => {
  const script = createScript()
  const client = new PreflightClient({ baseUrl: BASE_URL, fetch: script.fetch, token: 'access-1', refreshToken: 'refresh-1' })
  t.equal(await client.auth.logout(), undefined)
  t.strictSame(script.sent, [{ path: '/auth/logout', authorization: null, refreshToken: 'refresh-1' }], 'one logout, no credential header')
  t.match(await getError(client.auth.me()), { code: 'unauthorized' }, 'the access token is forgotten')
  t.equal(script.sent.at(-1)?.authorization, null, 'the call went without it, and no refresh was tried')
  t.match(await getError(client.auth.refresh()), { code: 'invalid_input' }, 'so is the refresh token')
})

t.test('without a refresh token it only forgets', async (t) => {
  const script = createScript()
  const client = new PreflightClient({ baseUrl: BASE_URL, fetch: script.fetch, token: 'access-1' })
  await client.auth.logout()
  t.strictSame(script.sent, [], 'nothing sent')
  await getError(client.auth.me())
  t.equal(script.sent[0]?.authorization, null, 'the access token is forgotten')
})

t.test('a refresh in flight is waited out: the newest token is revoked, and its pair is not kept', async (t) => {
  const script = createScript()
  let answerRefresh: (response: Response) => void = () => undefined
  script.refresh = () => new Promise((resolve) => (answerRefresh = resolve))
  const stored: string[] = []
  const client = new PreflightClient({
    baseUrl: BASE_URL,
    fetch: script.fetch,
    token: 'access-1',
    refreshToken: 'refresh-1',
    onTokens: (tokens) => stored.push(tokens.refresh_token),
  })
  const refreshing = client.auth.refresh()
  const loggingOut = client.auth.logout()
  await new Promise((resolve) => setImmediate(resolve))
  t.strictSame(
    script.sent.map((request) => request.path),
    ['/auth/refresh'],
    'logout waits for the refresh',
  )
  answerRefresh(json(200, pair(2)))
  await refreshing
  await loggingOut
  t.strictSame(
    script.sent.map((request) => [request.path, request.refreshToken]),
    [
      ['/auth/refresh', 'refresh-1'],
      ['/auth/logout', 'refresh-2'],
    ],
    'the token the refresh brought is the one revoked',
  )
  t.strictSame(stored, ['refresh-2'], 'onTokens heard the refresh')
  await getError(client.auth.me())
  t.equal(script.sent.at(-1)?.authorization, null, 'the pair is forgotten')
})

t.test('a failed logout keeps the pair, so it can be tried again', async (t) => {
  const script = createScript()
  script.logout = () => json(422, envelope('validation_error'))
  const client = new PreflightClient({ baseUrl: BASE_URL, fetch: script.fetch, token: 'access-1', refreshToken: 'refresh-1' })
  t.match(await getError(client.auth.logout()), { code: 'validation_error', status: 422 })
  t.match(await client.auth.me(), { email: 'me@example.com' }, 'the access token is still held')
  t.equal(script.sent.at(-1)?.authorization, 'Bearer access-1')
  script.logout = () => json(200, { revoked: true })
  await client.auth.logout()
  t.strictSame(script.sent.at(-1), { path: '/auth/logout', authorization: null, refreshToken: 'refresh-1' }, 'the same token again')
})

t.test('an unavailable service is asked again: logout is idempotent', async (t) => {
  const script = createScript()
  const answers = [json(503, envelope('accounts_unavailable'), { 'retry-after': '0' }), json(200, { revoked: true })]
  script.logout = () => answers.shift() ?? json(500, envelope('internal_error'))
  const client = new PreflightClient({ baseUrl: BASE_URL, fetch: script.fetch, refreshToken: 'refresh-1', retry: { baseDelayMs: 1 } })
  await client.auth.logout()
  t.equal(script.sent.filter((request) => request.path === '/auth/logout').length, 2, 'tried twice')
})
