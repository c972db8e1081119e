/**
 * The webhook SSRF policy: https to public addresses only in production; with private URLs
 * allowed, http and private or loopback addresses pass, link-local (cloud metadata) never does.
 * Every address a name resolves to counts, so one private answer among public ones is refused.
 */
import t from 'tap'
import { assertWebhookUrl, getRefusedAddressReason } from '../../accounts/webhooks/webhook-url-policy.js'
import { isServiceError } from '../../lib/errors.js'

const PUBLIC_V4 = '93.184.215.14'
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

async function refusal(url: unknown, allowPrivateUrls: boolean, lookup = resolvesTo(PUBLIC_V4)): Promise<string | null> {
  try {
    await assertWebhookUrl(url, { allowPrivateUrls, lookup })
    return null
  } catch (error) {
    if (!isServiceError(error, 'validation_error')) throw error
    return error.message
  }
}

t.test('addresses: private ranges refused in production, link-local always', async (t) => {
  const privateOnes = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ]
  for (const address of privateOnes) {
    t.ok(getRefusedAddressReason(address, false), `${address} is refused in production`)
    t.equal(getRefusedAddressReason(address, true), null, `${address} passes with private URLs allowed`)
  }
  for (const address of ['169.254.169.254', '169.254.0.1', 'fe80::1', '::ffff:169.254.169.254']) {
    t.match(getRefusedAddressReason(address, false), /link-local/, `${address} is refused in production`)
    t.match(getRefusedAddressReason(address, true), /link-local/, `${address} is refused even with private URLs allowed`)
  }
  for (const address of [PUBLIC_V4, PUBLIC_V6, '172.32.0.1', '100.128.0.1', '8.8.8.8']) {
    t.equal(getRefusedAddressReason(address, false), null, `${address} is public`)
  }
})

t.test('URLs in production: https to public hosts only', async (t) => {
  t.equal(await refusal('https://hooks.example.com/x', false), null, 'https to a public name passes')
  t.equal(await refusal(`https://[${PUBLIC_V6}]/x`, false), null, 'an IPv6 literal that is public passes')
  t.match(await refusal('http://hooks.example.com/x', false), /^url: must use https$/, 'http is refused')
  t.match(await refusal('ftp://hooks.example.com/x', false), /^url:/, 'another scheme is refused')
  t.match(await refusal('https://127.0.0.1/x', false), /^url: must resolve to public/, 'a loopback literal is refused')
  t.match(await refusal('https://[::1]/x', false), /^url: must resolve to public/, 'an IPv6 loopback literal is refused')
  t.match(
    await refusal('https://a.example/x', false, resolvesTo(PUBLIC_V4, '10.0.0.5')),
    /^url: must resolve to public/,
    'one private answer among public ones is refused',
  )
  t.match(
    await refusal('https://a.example/x', false, resolvesTo('169.254.169.254')),
    /link-local/,
    'a name resolving to metadata is refused',
  )
  t.match(
    await refusal('https://a.example/x', false, () => Promise.reject(new Error('ENOTFOUND'))),
    /^url: the host does not resolve$/,
    'a name that does not resolve is refused',
  )
  t.match(await refusal('https://user:pw@hooks.example.com/x', false), /credentials/, 'credentials in the URL are refused')
  t.match(await refusal('not a url', false), /^url: must be an absolute URL$/)
  t.match(await refusal(42, false), /^url:/, 'a non-string is refused')
  t.match(await refusal(`https://a.example/${'x'.repeat(2048)}`, false), /^url: must have at most 2048/, 'an overlong URL is refused')
})

t.test('URLs with private URLs allowed: http and loopback pass, metadata never', async (t) => {
  t.equal(await refusal('http://127.0.0.1:8080/hook', true), null, 'http to loopback passes')
  t.equal(await refusal('http://localhost/hook', true, resolvesTo('127.0.0.1', '::1')), null, 'a name resolving to loopback passes')
  t.match(await refusal('http://169.254.169.254/latest/meta-data', true), /link-local/, 'the metadata address is refused')
  t.match(await refusal('http://[fe80::1]/x', true), /link-local/, 'IPv6 link-local is refused')
})
