/**
 * `npm start`'s first step (the `prestart` script): builds the dashboard (dist/dashboard, which the
 * edge serves at /app/) when there is no build yet or its sources changed since, so `npm install`
 * then `npm start` serves it without a separate build. A build takes a few seconds; an up-to-date
 * one is left alone in milliseconds. `npm run build` always rebuilds it; with DASHBOARD_DIR set the
 * edge serves that folder and nothing is built here. A build that fails does not stop the service
 * from starting: the API does not need the dashboard, and /app/ then says how to build it.
 */
import { join } from 'node:path'
import { buildDashboardInto, isDashboardStale, REPO_ROOT } from './dashboard-build.js'

const OUT_DIR = join(REPO_ROOT, 'dist/dashboard')

if (!process.env.DASHBOARD_DIR && isDashboardStale(OUT_DIR)) {
  console.log('building the dashboard (dist/dashboard): a few seconds, once')
  await buildDashboardInto(OUT_DIR).catch((error: unknown) => {
    console.error(`the dashboard could not be built (${String(error)}); the API starts without it: npm run build:dashboard`)
  })
}
