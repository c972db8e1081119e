/**
 * Registering a webhook is no DNS oracle: in production (private URLs off) every URL refused for
 * where its host name resolves — or because it does not resolve — is answered the same message,
 * byte for byte, whatever the reason (loopback, a private or metadata address, the service's own,
 * no address, a failed lookup), so nobody learns which internal names the service's DNS knows; the
 * reason goes to the service's log, with the host but never the rest of the URL. A URL refused for
 * its own text (scheme, credentials, a metadata address written in it) may say exactly why: that
 * tells nothing about the service's network.
 */
import t from 'tap'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { assertWebhookUrl, WEBHOOK_URL_NOT_PUBLIC, type WebhookUrlPolicy } from '../../accounts/webhooks/webhook-url-policy.js'
import { isServiceError } from '../../lib/errors.js'
import { createTestUserService } from '../helpers/user-service.js'
import { registerWebhookUser } from './webhook-fixtures.js'

const GENERIC = `url: ${WEBHOOK_URL_NOT_PUBLIC}`
const OWN_PUBLIC = '81.2.69.160'

/** A resolver standing in for the service's DNS: each name answers one way. */
const lookup: WebhookUrlPolicy['lookup'] = async (host) => {
  const answers: Record<string, string[]> = {
    'db.svc.cluster.local': ['10.96.0.12'],
    'metadata.google.internal': ['169.254.169.254'],
    'loopback.example': ['::1'],
    'own.example': [OWN_PUBLIC],
    'mixed.example': ['93.184.215.14', '192.168.1.10'],
    'empty.example': [],
  }
  const addresses = answers[host]
  if (host === 'slow.example') throw Object.assign(new Error(`queryA ETIMEOUT ${host}`), { code: 'ETIMEOUT' })
  if (!addresses) throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}

async function getRefusal(url: string, policy: WebhookUrlPolicy): Promise<string | null> {
  try {
    await assertWebhookUrl(url, policy)
    return null
  } catch (error) {
    if (!isServiceError(error, 'validation_error')) throw error
    return error.message
  }
}

t.test('production: names refused for where they resolve, or for not resolving, all read the same', async (t) => {
  const policy: WebhookUrlPolicy = { allowPrivateUrls: false, lookup, getHostAddresses: () => ['127.0.0.1', '::1', OWN_PUBLIC] }
  const names = [
    'db.svc.cluster.local',
    'metadata.google.internal',
    'loopback.example',
    'own.example',
    'mixed.example',
    'empty.example',
    'slow.example',
    'nowhere.example',
  ]
  for (const name of names) t.equal(await getRefusal(`https://${name}/hook`, policy), GENERIC, `${name}: "${GENERIC}"`)
  t.equal(
    await getRefusal('https://public.example/hook', { ...policy, lookup: async () => [{ address: '93.184.215.14', family: 4 }] }),
    null,
  )
})

t.test("production, the service's own resolver: localhost and a name that does not exist read the same", async (t) => {
  const lines: { msg?: string; reason?: string; userId?: string }[] = []
  const logged = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number])
      done()
    },
  })
  // No lookup injected: the default resolver, as the service runs.
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: false }, logger: pino({ level: 'info' }, logged) })
  const userId = await registerWebhookUser(users, 'oracle')
  const create = async (url: string) => {
    try {
      await users.userService.createWebhookEndpoint(userId, { url, events: ['quota.exceeded'] })
      return null
    } catch (error) {
      if (!isServiceError(error, 'validation_error')) throw error
      return error.message
    }
  }
  const answers = {
    localhost: await create('https://localhost/hook?token=s3cret-in-query'),
    'a name under .invalid': await create('https://no-such-host.invalid/hook?token=s3cret-in-query'),
  }
  for (const [what, message] of Object.entries(answers)) t.equal(message, GENERIC, `${what}: "${GENERIC}"`)
  t.equal(answers.localhost, answers['a name under .invalid'], 'byte-identical')

  const refused = lines.filter((line) => line.msg === 'webhook URL refused')
  t.equal(refused.length, 2, 'each refusal is logged')
  t.match(refused[0], { userId, reason: /^localhost: resolves to (127\.0\.0\.1|::1): in / }, 'the log says localhost resolved to loopback')
  t.match(refused[1], { userId, reason: /^no-such-host\.invalid: does not resolve/ }, 'and that the other name does not resolve')
  t.notMatch(JSON.stringify(lines), /s3cret-in-query/, 'the log holds the host, never the rest of the URL')
  t.strictSame(await users.userService.listWebhookEndpoints(userId), [], 'nothing was stored')
})

t.test("a URL refused for its own text says why: it tells nothing of the service's network", async (t) => {
  const policy: WebhookUrlPolicy = { allowPrivateUrls: false, lookup }
  t.equal(await getRefusal('http://public.example/hook', policy), 'url: must use https')
  t.equal(await getRefusal('https://user:pw@public.example/hook', policy), 'url: must not carry credentials')
  t.equal(await getRefusal('https://169.254.169.254/latest', policy), 'url: link-local and cloud-metadata addresses are refused')
  t.equal(await getRefusal('https://127.0.0.1/hook', policy), GENERIC, 'a loopback literal')
  t.equal(
    await getRefusal(`https://${OWN_PUBLIC}/hook`, { ...policy, getHostAddresses: () => [OWN_PUBLIC] }),
    GENERIC,
    "one of the service's own public addresses, written in the URL, reads as any address that is not public",
  )
})

t.test('development (private URLs on): the user is the operator and is told the reason', async (t) => {
  const policy: WebhookUrlPolicy = { allowPrivateUrls: true, lookup }
  t.equal(await getRefusal('http://nowhere.example/hook', policy), 'url: the host does not resolve')
  t.equal(await getRefusal('http://metadata.google.internal/hook', policy), 'url: link-local and cloud-metadata addresses are refused')
  t.equal(await getRefusal('http://db.svc.cluster.local/hook', policy), null, 'private addresses pass')
})
