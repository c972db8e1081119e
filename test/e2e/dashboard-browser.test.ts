/**
 * The dashboard as a person uses it: Debian's Chromium (headless, driven by playwright-core, no
 * browser download) against the real stack started with `npm start`, serving a build of the
 * dashboard made as `npm run build` makes it. At 1280 px: sign up, create an API key (its secret
 * shown once), simulate the drain demo and see `block` with its summary, execute the transfer demo
 * and follow it to `confirmed` with the landed outcome matching the prediction, find it in
 * history; then every other page. At 375 px, with the keyboard alone for signing in: the same
 * flow. On every page: an axe-core audit with no serious or critical violation, no console error
 * (a Content-Security-Policy violation is one), nothing wider than the viewport. Screenshots of
 * each step are kept in .artefacts/dashboard/. The first load's weight is checked on the build.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { FIRST_LOAD_BUDGET_BYTES } from '../../dashboard/first-load-budget.js'
import { buildDashboard, getFirstLoad } from '../helpers/dashboard-build.js'
import { createServiceProcessSetup, startServiceProcess } from '../helpers/service-process.js'

const CHROMIUM = '/usr/bin/chromium'
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCREENSHOTS = join(REPO_ROOT, '.artefacts', 'dashboard')
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** A demo airdrops, builds and simulates; an execute waits for a confirmation (a slot is 400 ms). */
const FLOW_STEP_MS = 30_000

t.setTimeout(420_000)

// What the functions evaluated in the page read there (this file is compiled without the DOM's types).
interface PageElement {
  textContent: string | null
  getAttribute(name: string): string | null
}
declare const document: {
  querySelector(selector: string): PageElement | null
  documentElement: { scrollWidth: number }
  activeElement: PageElement | null
}
declare const localStorage: { length: number }
declare const sessionStorage: Record<string, string>

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** A page that records what went wrong in it: console errors (CSP violations included) and uncaught errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** axe-core's audit of the page as it stands; the serious and critical violations. */
async function audit(page: Page): Promise<AxeViolation[]> {
  // Evaluated by the DevTools protocol, which the page's script-src does not govern.
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } })
      .axe
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3).map(({ target }) => ({ target })) }))
}

/** The checks every page passes, then a screenshot named after it. */
async function checkPage(t: Test, page: Page, name: string, width: number): Promise<void> {
  const violations = await audit(page)
  t.same(violations, [], `${name}: no serious or critical accessibility violation`)
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  t.ok(scrollWidth <= width, `${name}: nothing wider than the ${width} px viewport (${scrollWidth} px)`)
  await page.screenshot({ path: join(SCREENSHOTS, `${width}-${name}.png`), fullPage: true })
}

async function openPage(t: Test, page: Page, hash: string, heading: RegExp): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/app/#/${hash}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  t.pass(`#/${hash} shows its heading`)
}

/** The flow: a key, the drain blocked, the transfer executed and matched, found in history. */
async function runFlow(t: Test, page: Page, width: number): Promise<void> {
  await openPage(t, page, 'keys', /API keys/)
  await page.getByLabel('Key name').fill(`browser ${width}`)
  await page.getByRole('button', { name: 'Create key' }).click()
  const secret = page.getByTestId('new-key-secret')
  await secret.waitFor()
  t.match(await secret.innerText(), /^pf_live_[1-9A-HJ-NP-Za-km-z]{32,}$/, 'the new key is shown once, whole')
  await checkPage(t, page, 'keys', width)

  await openPage(t, page, 'playground', /Playground/)
  await page.getByRole('button', { name: 'Drain demo' }).click()
  const verdict = page.getByTestId('verdict')
  await page.getByTestId('verdict-card').waitFor({ timeout: FLOW_STEP_MS })
  t.equal((await verdict.innerText()).trim().toLowerCase(), 'block', 'the drain demo is blocked')
  const summary = await page.getByTestId('summary').innerText()
  t.ok(summary.trim().length > 20, 'with a summary to read', { summary })
  await checkPage(t, page, 'playground-drain', width)

  await page.getByRole('button', { name: 'Transfer demo' }).click()
  await page.waitForFunction(
    () => document.querySelector('[data-testid="verdict"]')?.textContent?.trim().toLowerCase() === 'approve',
    undefined,
    { timeout: FLOW_STEP_MS },
  )
  t.pass('the transfer demo is approved')
  await page.getByRole('button', { name: 'Execute' }).click()
  const status = page.getByTestId('execution-status')
  await status.waitFor()
  await page.waitForFunction(
    () => /confirmed/i.test(document.querySelector('[data-testid="execution-status"]')?.textContent ?? ''),
    undefined,
    {
      timeout: FLOW_STEP_MS,
    },
  )
  t.pass('the execution reaches confirmed, pushed over the WebSocket')
  const outcome = page.getByTestId('outcome')
  await page.waitForFunction(() => /matched/i.test(document.querySelector('[data-testid="outcome"]')?.textContent ?? ''), undefined, {
    timeout: FLOW_STEP_MS,
  })
  t.match(await outcome.innerText(), /matched/i, 'and its landed outcome matched the prediction')
  await checkPage(t, page, 'playground-executed', width)

  const historyQueries: URLSearchParams[] = []
  const onRequest = (request: { url(): string }) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/v1/solana/simulations') historyQueries.push(url.searchParams)
  }
  page.on('request', onRequest)
  await page
    .getByRole('link', { name: /history/i })
    .filter({ hasText: /find/i })
    .click()
  await page.getByRole('heading', { level: 1, name: /History/ }).waitFor()
  const signature = decodeURIComponent(/signature=([^&]+)/.exec(page.url())?.[1] ?? '')
  t.ok(signature.length > 40, 'history is opened on the transaction')
  await page.locator(`[data-testid="history-row"][data-signature="${signature}"]`).first().waitFor({ timeout: FLOW_STEP_MS })
  t.pass('the executed transaction is in history')
  page.off('request', onRequest)
  t.same(
    historyQueries.map((query) => query.get('signature')),
    [signature],
    'found by the API: one history request, filtered by the signature',
  )
  await checkPage(t, page, 'history', width)
}

t.test(
  'the dashboard in a real browser against npm start',
  { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed` },
  async (t) => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    const dashboardDir = await buildDashboard(t)
    const firstLoad = getFirstLoad(dashboardDir)
    t.ok(
      firstLoad.gzippedBytes < FIRST_LOAD_BUDGET_BYTES,
      `first load: ${(firstLoad.gzippedBytes / 1024).toFixed(1)} KB of JavaScript gzipped`,
      {
        files: firstLoad.files,
      },
    )

    const setup = await createServiceProcessSetup(t, { DASHBOARD_DIR: dashboardDir, LOG_LEVEL: 'warn' })
    const running = await startServiceProcess(t, setup, { command: 'npm', args: ['start'] })
    if (!running) return
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] })
    t.teardown(() => browser.close())
    const email = `dashboard-${process.pid}-${Date.now()}@example.com`
    const password = 'correct horse battery staple'

    await t.test('1280 px: sign up, then the flow and every page', async (t) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      t.teardown(() => context.close())
      const page = await context.newPage()
      const errors = watchErrors(page)
      await page.goto(`${setup.restUrl}/`)
      t.equal(new URL(page.url()).pathname, '/app/', '/ leads to the dashboard')
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor()
      await checkPage(t, page, 'login', 1280)
      await page.getByRole('button', { name: 'Sign up' }).click()
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Password').fill(password)
      await page.getByRole('button', { name: 'Sign up' }).click()
      await page.getByText(email).waitFor()
      t.pass('signed up and signed in')

      await runFlow(t, page, 1280)
      const billingCalls: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/billing/')) billingCalls.push(`${request.method()} ${request.url()}`)
      })
      for (const [hash, heading] of [
        ['stats', /Statistics/],
        ['usage', /Usage/],
        ['webhooks', /Webhooks/],
        ['tools', /Tips/],
      ] as const) {
        const errorsBefore = errors.length
        await openPage(t, page, hash, heading)
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: FLOW_STEP_MS })
        await checkPage(t, page, hash, 1280)
        if (hash === 'usage') {
          // Without STRIPE_SECRET_KEY the plan says billing_enabled: false, so the page says billing
          // is off without calling a billing route (whose 503 the browser would log as an error).
          await page.getByTestId('billing-not-configured').waitFor()
          t.pass('billing off: the page says so')
          t.same(billingCalls, [], 'no billing route was called')
        }
        t.same(errors.slice(errorsBefore), [], `${hash}: nothing logged`)
      }

      await page.reload()
      await page.getByText(email).waitFor()
      t.pass('a reload keeps the tab signed in (the refresh token in sessionStorage)')
      const stored = await page.evaluate(() => ({ local: localStorage.length, session: Object.keys(sessionStorage) }))
      t.same(stored, { local: 0, session: ['preflight.refresh_token'] }, 'only the refresh token is stored, and only for this tab')

      await page.getByRole('button', { name: 'Log out' }).click()
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor()
      t.same(await page.evaluate(() => Object.keys(sessionStorage)), [], 'logging out forgets it')
      t.same(errors, [], 'no console error and no policy violation')
    })

    await t.test('375 px: signed in with the keyboard alone, then the flow', async (t) => {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
      t.teardown(() => context.close())
      const page = await context.newPage()
      const errors = watchErrors(page)
      await page.goto(`${setup.restUrl}/app/`)
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor()
      await page.keyboard.press('Tab')
      t.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email', 'Tab reaches the e-mail first')
      await page.keyboard.type(email)
      await page.keyboard.press('Tab')
      await page.keyboard.type(password)
      await page.keyboard.press('Enter')
      await page.getByText(email).waitFor()
      t.pass('signed in with the keyboard')
      await page.keyboard.press('Tab')
      t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content', 'the first stop skips the navigation')
      await runFlow(t, page, 375)
      t.same(errors, [], 'no console error and no policy violation')
    })
  },
)
