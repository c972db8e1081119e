/**
 * docs/webhooks.md's copy-paste receiver, run as a user would run it: the `receiver.mjs` block taken
 * from the page verbatim (only its port moved to a free one), under node, fed by the real delivery
 * worker. Deliveries verify and succeed with its 204, a redelivery of the same event is answered and
 * not handled twice, and a POST with a forged signature is refused with 400.
 */
import t from 'tap'
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { startWebhookDeliveryWorker } from '../../accounts/webhooks/webhook-delivery-worker.js'
import { getFreePort } from '../../lib/free-port.js'
import { quietLogger } from '../helpers/stack.js'
import { createTestUserService } from '../helpers/user-service.js'

const DOC = new URL('../../docs/webhooks.md', import.meta.url)

/** The js block of the "A receiver, copy-paste" section. */
function getReceiverSource(): string {
  const page = readFileSync(DOC, 'utf8')
  const section = page.slice(page.indexOf('### A receiver, copy-paste'))
  const match = /```js\n([\s\S]*?)```/.exec(section)
  if (!match?.[1]) throw new Error('no receiver block in docs/webhooks.md')
  return match[1]
}

/** Polls `check` until it holds (10 s at most). */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

t.test("the documented receiver verifies and acknowledges the service's deliveries", async (t) => {
  const source = getReceiverSource()
  t.match(source, /\.listen\(9000, '127\.0\.0\.1'\)/, 'the page listens on 9000')
  const port = await getFreePort()
  const file = join(t.testdir({}), 'receiver.mjs')
  writeFileSync(file, source.replace(".listen(9000, '127.0.0.1')", `.listen(${port}, '127.0.0.1')`))

  const { userService, db } = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const email = `receiver-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const userId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? ''
  const endpoint = await userService.createWebhookEndpoint(userId, { url: `http://127.0.0.1:${port}/hook`, events: ['quota.exceeded'] })

  const receiver = spawn(process.execPath, [file], { env: { ...process.env, PREFLIGHT_WEBHOOK_SECRET: endpoint.secret }, stdio: 'pipe' })
  t.teardown(() => {
    receiver.kill('SIGKILL')
  })
  let printed = ''
  receiver.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')))
  receiver.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')))
  await eventually(async () => {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' })
      return true
    } catch {
      return false
    }
  }, 'the receiver listens')

  const worker = startWebhookDeliveryWorker({
    db,
    logger: quietLogger,
    urlPolicy: { allowPrivateUrls: true },
    retryBaseMs: 50,
    pollIntervalMs: 25,
  })
  t.teardown(() => worker.stop())

  const sent = await userService.sendTestWebhook(userId, endpoint.id)
  await userService.recordQuotaExceeded(userId)
  const succeeded = async () => (await userService.listWebhookDeliveries(userId, endpoint.id)).filter((d) => d.status === 'succeeded')
  await eventually(async () => (await succeeded()).length === 2, 'two deliveries succeed')
  for (const delivery of await succeeded()) t.equal(delivery.last_response_code, 204, `${delivery.event_type}: 204`)
  t.match(printed, /^webhook\.test \{"endpoint_id":"[^"]+"\}$/m, 'the test event was handled')
  t.match(printed, /^quota\.exceeded \{"day":"\d{4}-\d{2}-\d{2}"/m, 'the quota event was handled')

  await userService.redeliverWebhook(userId, endpoint.id, sent.id)
  await eventually(async () => (await succeeded()).length === 3, 'the redelivery succeeds')
  t.equal(printed.match(/^webhook\.test /gm)?.length, 1, 'the same event id is not handled twice')

  const forged = await fetch(`http://127.0.0.1:${port}/hook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-preflight-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    body: JSON.stringify({ id: randomUUID(), type: 'webhook.test', created_at: new Date().toISOString(), data: {} }),
  })
  t.equal(forged.status, 400, 'a forged signature is refused')
})
