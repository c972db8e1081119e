/**
 * The dashboard (docs/dashboard.md) at `/app/`, and `/` sending a browser there. Registered before
 * the OpenAPI route so that these pages stay out of the API's document. No credential: the pages
 * are public files; everything they show comes from the API, which authenticates every call.
 *
 * Caching: files under assets/ are named by their content's hash and cached for a year; the page
 * itself and its config are revalidated on every load (ETag), so a new build is picked up at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from '../http-errors.js'
import { getDashboardContentSecurityPolicy } from './content-security-policy.js'
import {
  getDefaultDashboardDir,
  getEncodedBody,
  loadDashboardAssets,
  type ContentEncoding,
  type DashboardAsset,
} from './dashboard-assets.js'

export interface DashboardOptions {
  /** Vite's output; default the repository's dist/dashboard. */
  dir?: string | undefined
  /** The chain JSON-RPC the playground builds its demo transactions against (localnet); unset: no demos. */
  rpcUrl?: string | undefined
}

export const DASHBOARD_PATH = '/app/'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

function getEncoding(request: FastifyRequest, asset: DashboardAsset): ContentEncoding | undefined {
  if (!asset.compressible) return undefined
  const accepted = request.headers['accept-encoding'] ?? ''
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

export function registerDashboardRoutes(app: FastifyInstance, options: DashboardOptions = {}): void {
  const dir = options.dir ?? getDefaultDashboardDir()
  const assets = loadDashboardAssets(dir)
  const securityPolicy = getDashboardContentSecurityPolicy(options.rpcUrl)
  const config = Buffer.from(JSON.stringify({ rpc_url: options.rpcUrl ?? null }))

  const setPageHeaders = (reply: FastifyReply): void => {
    reply.header('content-security-policy', securityPolicy)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'no-referrer')
    reply.header('cross-origin-opener-policy', 'same-origin')
    reply.header('x-frame-options', 'DENY')
  }

  const sendAsset = (request: FastifyRequest, reply: FastifyReply, asset: DashboardAsset) => {
    setPageHeaders(reply)
    reply.header('cache-control', asset.immutable ? IMMUTABLE : REVALIDATE)
    reply.header('etag', asset.etag)
    reply.header('vary', 'accept-encoding')
    reply.type(asset.contentType)
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send()
    const encoding = getEncoding(request, asset)
    if (encoding) reply.header('content-encoding', encoding)
    return reply.send(encoding ? getEncodedBody(asset, encoding) : asset.body)
  }

  app.get('/', { config: { auth: 'none' } }, (_request, reply) => reply.redirect(DASHBOARD_PATH, 302))
  app.get('/app', { config: { auth: 'none' } }, (_request, reply) => reply.redirect(DASHBOARD_PATH, 301))
  app.get('/app/config.json', { config: { auth: 'none' } }, (_request, reply) => {
    setPageHeaders(reply)
    reply.header('cache-control', REVALIDATE)
    return reply.type('application/json; charset=utf-8').send(config)
  })
  app.get('/app/*', { config: { auth: 'none' } }, (request, reply) => {
    if (!assets) {
      return sendError(reply, request, 'not_found', 'the dashboard is not built here: run `npm run build` (or `npm run build:dashboard`)')
    }
    const path = (request.params as { '*': string })['*']
    const asset = assets.get(path === '' ? 'index.html' : path)
    if (!asset) return sendError(reply, request, 'not_found', `no dashboard file /app/${path}`)
    return sendAsset(request, reply, asset)
  })
}
