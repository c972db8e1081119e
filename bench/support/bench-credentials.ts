/**
 * A throwaway user and API key, made through the edge's own REST routes (POST /auth/register, then
 * POST /api/v1/api-keys): what the benchmarks' REST requests authenticate with.
 */
import { randomBytes } from 'node:crypto'

export interface BenchCredentials {
  /** For `X-API-Key`. */
  apiKey: string
  /** An access token, for `Authorization: Bearer` (valid 24 h). */
  token: string
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`POST ${new URL(url).pathname}: HTTP ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}

/** Registers a new user on the edge at `origin` (http://host:port) and creates a key for it. */
export async function createBenchCredentials(origin: string): Promise<BenchCredentials> {
  const email = `bench-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`
  const password = randomBytes(12).toString('base64url')
  const { token } = await postJson<{ token: string }>(`${origin}/auth/register`, { email, password })
  const { key } = await postJson<{ key: string }>(`${origin}/api/v1/api-keys`, { name: 'benchmark' }, { authorization: `Bearer ${token}` })
  return { apiKey: key, token }
}

/** The header each REST request carries to authenticate with the API key. */
export function getApiKeyHeaders(credentials: BenchCredentials): Record<string, string> {
  return { 'x-api-key': credentials.apiKey }
}

/** The header each REST request carries to authenticate with the access token. */
export function getBearerHeaders(credentials: BenchCredentials): Record<string, string> {
  return { authorization: `Bearer ${credentials.token}` }
}
