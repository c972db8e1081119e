/**
 * The dashboard's build (`npm run build:dashboard`, part of `npm run build`): Preact with Vite,
 * written to dist/dashboard, which the edge serves at /app/. Files under assets/ carry their
 * content's hash in their name (the edge caches them for a year); no inline script, so the edge's
 * Content-Security-Policy can say `script-src 'self'`.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { firstLoadBudget } from './first-load-budget.ts'

const resolvePath = (path: string): string => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  root: resolvePath('.'),
  base: '/app/',
  publicDir: resolvePath('public'),
  plugins: [firstLoadBudget()],
  resolve: {
    alias: {
      // The TypeScript SDK, from its sources: the dashboard talks to the API as any SDK user does.
      '@preflight/sdk': resolvePath('../sdk/typescript/src/index.ts'),
      // The SDK loads `ws` only outside browsers; in a browser bundle it is an empty module.
      ws: resolvePath('src/empty-module.ts'),
    },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: resolvePath('../dist/dashboard'),
    emptyOutDir: true,
    target: 'es2022',
    // Every asset a file of its own: nothing inlined as a data: URL.
    assetsInlineLimit: 0,
    // Every browser the dashboard targets preloads modules itself; the polyfill would be extra code.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
  },
})
