/**
 * The dashboard's built files (`npm run build:dashboard`, Vite's output) held in memory: a few
 * hundred kilobytes read when the edge starts, served without a disk read. Each file's gzip or
 * brotli form is made the first time a client asks for it and kept: compressing the whole build
 * up front would add a third of a second to every edge's start, dashboard visited or not.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'

export type ContentEncoding = 'br' | 'gzip'

export interface DashboardAsset {
  body: Buffer
  /** Whether compressing it is worth it (text of some size). */
  compressible: boolean
  /** Its compressed forms, made on first use. */
  encoded: Partial<Record<ContentEncoding, Buffer>>
  contentType: string
  etag: string
  /** Vite names the files under assets/ by their content's hash, so a name never changes content. */
  immutable: boolean
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

/** Below this, compression saves less than its header costs. */
const MIN_COMPRESSED_BYTES = 256

/**
 * Where the build is: `dist/dashboard` at the repository's root. From the sources (tsx) that is
 * two folders up and into dist/; from the build (dist/edge/dashboard/) it is dist/dashboard beside
 * dist/edge. The source layout never falls back to `dashboard/` itself, which holds the unbuilt index.html.
 */
export function getDefaultDashboardDir(): string {
  const fromSources = import.meta.url.endsWith('.ts')
  return fileURLToPath(new URL(fromSources ? '../../dist/dashboard/' : '../../dashboard/', import.meta.url))
}

function listFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...listFiles(path))
    else if (entry.isFile()) files.push(path)
  }
  return files
}

/** The files by URL path below the mount (`index.html`, `assets/index-3f2a.js`); undefined when `dir` holds no build. */
export function loadDashboardAssets(dir: string): Map<string, DashboardAsset> | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined
  const assets = new Map<string, DashboardAsset>()
  for (const file of listFiles(dir)) {
    const path = relative(dir, file).split(sep).join('/')
    const body = readFileSync(file)
    const contentType = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
    assets.set(path, {
      body,
      compressible: body.length >= MIN_COMPRESSED_BYTES && !contentType.startsWith('image/png'),
      encoded: {},
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      immutable: path.startsWith('assets/'),
    })
  }
  return assets
}

/** The asset's body in `encoding`, compressed on the first call and kept. */
export function getEncodedBody(asset: DashboardAsset, encoding: ContentEncoding): Buffer {
  asset.encoded[encoding] ??= encoding === 'br' ? brotliCompressSync(asset.body) : gzipSync(asset.body, { level: 9 })
  return asset.encoded[encoding]
}
