/**
 * The webhook SSRF policy, through assertWebhookUrl: https to public addresses only in production
 * — every special-purpose range of IANA's IPv4 and IPv6 registries refused, in every spelling (an
 * address literal in the URL, decimal, octal or hex IPv4, IPv4 inside IPv6 by any of the
 * transition forms, Teredo's obfuscated client), and so are the host's own addresses; with private
 * URLs allowed, http and private, loopback and own addresses pass, link-local and cloud metadata
 * never do. Every address a name resolves to counts, so one refused answer among public ones is
 * refused.
 */
import t from 'tap'
import { networkInterfaces } from 'node:os'
import { assertWebhookUrl, type WebhookUrlPolicy } from '../../accounts/webhooks/webhook-url-policy.js'
import { isServiceError } from '../../lib/errors.js'

const PUBLIC_V4 = '93.184.215.14'
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }))

async function refusal(url: unknown, allowPrivateUrls: boolean, lookup = resolvesTo(PUBLIC_V4), extra: Partial<WebhookUrlPolicy> = {}) {
  try {
    await assertWebhookUrl(url, { allowPrivateUrls, lookup, ...extra })
    return null
  } catch (error) {
    if (!isServiceError(error, 'validation_error')) throw error
    return error.message
  }
}

/** `address` as a URL host. */
const toHost = (address: string) => (address.includes(':') ? `[${address}]` : address)

/** What a name resolving to `address`, and a URL naming it literally, are answered. */
async function refusals(address: string, allowPrivateUrls: boolean, extra: Partial<WebhookUrlPolicy> = {}) {
  const scheme = allowPrivateUrls ? 'http' : 'https'
  return {
    name: await refusal(`${scheme}://hooks.example/x`, allowPrivateUrls, resolvesTo(PUBLIC_V4, address), extra),
    literal: await refusal(`${scheme}://${toHost(address)}/x`, allowPrivateUrls, resolvesTo(PUBLIC_V4), extra),
  }
}

/** Every refusal for where a host resolves (or that it does not), and an address literal that is not public, in production. */
const NOT_PUBLIC = /^url: must resolve to a public address on the internet$/
const ALWAYS = /^url: link-local and cloud-metadata addresses are refused$/

/** Refused in production, allowed with private URLs: one address in (or at the edge of) every special-purpose range. */
const SPECIAL_PURPOSE: [string, string][] = [
  ['0.0.0.0', 'this host'],
  ['0.1.2.3', '0.0.0.0/8'],
  ['10.1.2.3', '10/8'],
  ['100.64.0.1', 'shared address space, 100.64/10'],
  ['100.127.255.254', 'the end of 100.64/10'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'the end of 127/8'],
  ['172.16.0.1', '172.16/12'],
  ['172.31.255.255', 'the end of 172.16/12'],
  ['192.0.0.1', 'IETF protocol assignments'],
  ['192.0.0.9', 'PCP anycast'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['192.31.196.1', 'AS112-v4'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', '192.168/16'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'the end of 198.18/15'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'limited broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::8.8.8.8', 'IPv4-compatible, deprecated whatever it carries'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['::ffff:0:808:808', 'IPv4-translated, whatever it carries'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
  ['64:ff9b::c000:201', 'NAT64 of TEST-NET-1'],
  ['64:ff9b:1::808:808', 'NAT64 local use'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', "Teredo (RFC 4380's example, client 192.0.2.45)"],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo with the loopback client 127.0.0.1, obfuscated'],
  ['2001:1::1', 'PCP anycast'],
  ['2001:2::1', 'benchmarking'],
  ['2001:3::1', 'AMT'],
  ['2001:4:112::1', 'AS112-v6'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:30::1', 'DRIP'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:808:808::1', '6to4, whatever it carries'],
  ['2620:4f:8000::1', 'AS112 direct delegation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['5f00::1', 'SRv6 SIDs'],
  ['4000::1', 'outside global unicast'],
  ['fc00::1', 'unique local'],
  ['fd12::1', 'unique local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2606:2800:21f:cb07:0:5efe:a00:1', 'ISATAP carrying a private address'],
]

/** Refused whatever the setting: link-local and cloud metadata, in every spelling. */
const METADATA: [string, string][] = [
  ['169.254.169.254', 'AWS, GCP, Azure, OpenStack… metadata'],
  ['169.254.170.2', 'ECS task metadata'],
  ['169.254.170.23', 'EKS Pod Identity'],
  ['169.254.0.23', 'Tencent metadata'],
  ['169.254.42.42', 'Scaleway metadata'],
  ['169.254.0.1', 'link-local'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::a9fe:a9fe', 'OpenStack metadata over IPv6'],
  ['fd00:ec2::254', 'AWS metadata over IPv6'],
  ['fd00:ec2::23', 'EKS Pod Identity over IPv6'],
  ['fd20:ce::254', 'GCP metadata over IPv6'],
  ['100.100.100.200', 'Alibaba Cloud metadata'],
  ['168.63.129.16', 'Azure WireServer'],
  ['192.0.0.192', 'Oracle Cloud Classic metadata'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
  ['::169.254.169.254', 'IPv4-compatible metadata'],
  ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b::6464:64c8', 'NAT64 of Alibaba metadata'],
  ['64:ff9b:1::a9fe:a9fe', 'NAT64 local use (/96) of metadata'],
  ['64:ff9b:1:a9fe:a9:fe00::', 'NAT64 local use (/48) of metadata'],
  ['2002:a9fe:a9fe::1', '6to4 of metadata'],
  ['2001:0:4136:e378:8000:63bf:5601:5601', 'Teredo with the metadata client, obfuscated'],
  ['2606:2800:21f:cb07:200:5efe:a9fe:a9fe', 'ISATAP carrying metadata'],
]

/** Public hosts: allowed whatever the setting. */
const PUBLIC: [string, string][] = [
  [PUBLIC_V4, 'a public IPv4 address'],
  ['8.8.8.8', 'a public IPv4 address'],
  ['172.32.0.1', 'just past 172.16/12'],
  ['100.128.0.1', 'just past 100.64/10'],
  ['192.0.3.1', 'just past TEST-NET-1'],
  ['198.20.0.1', 'just past 198.18/15'],
  ['169.255.0.1', 'just past link-local'],
  [PUBLIC_V6, 'a public IPv6 address'],
  ['2a00:1450:4001:81b::200e', 'a public IPv6 address'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public address: the kernel connects to 8.8.8.8'],
  ['64:ff9b::808:808', "NAT64 of a public address: DNS64's answer on an IPv6-only network"],
  ['2606:2800:21f:cb07:200:5efe:5db8:d70e', 'ISATAP carrying a public address'],
]

t.test('every special-purpose range is refused in production and allowed with private URLs', async (t) => {
  for (const [address, what] of SPECIAL_PURPOSE) {
    const production = await refusals(address, false)
    t.match(production.name, NOT_PUBLIC, `${address} (${what}): a name resolving to it is refused in production`)
    t.match(production.literal, NOT_PUBLIC, `${address} (${what}): the literal is refused in production`)
    t.strictSame(await refusals(address, true), { name: null, literal: null }, `${address} (${what}): allowed with private URLs`)
  }
})

t.test('link-local and cloud metadata are refused even with private URLs allowed', async (t) => {
  for (const [address, what] of METADATA) {
    for (const allowPrivateUrls of [false, true]) {
      const answered = await refusals(address, allowPrivateUrls)
      // In production a name is told what every refused name is told (no DNS oracle); the literal says it all itself.
      t.match(
        answered.name,
        allowPrivateUrls ? ALWAYS : NOT_PUBLIC,
        `${address} (${what}), private URLs ${allowPrivateUrls ? 'on' : 'off'}: a name resolving to it`,
      )
      t.match(answered.literal, ALWAYS, `${address} (${what}), private URLs ${allowPrivateUrls ? 'on' : 'off'}: the literal`)
    }
  }
})

t.test('public addresses pass', async (t) => {
  for (const [address, what] of PUBLIC) {
    for (const allowPrivateUrls of [false, true]) {
      t.strictSame(await refusals(address, allowPrivateUrls), { name: null, literal: null }, `${address} (${what}) passes`)
    }
  }
})

t.test('every spelling the URL parser accepts is judged as the address it stands for', async (t) => {
  const production = [
    'https://[::127.0.0.1]/x',
    'https://[::ffff:0:7f00:1]/x',
    'https://[64:ff9b::7f00:1]/x',
    'https://[64:ff9b::127.0.0.1]/x',
    'https://[2002:7f00:1::]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[0:0:0:0:0:ffff:7f00:1]/x',
    'https://2130706433/x',
    'https://017700000001/x',
    'https://0x7f000001/x',
    'https://0x7f.1/x',
    'https://0177.0.0.1/x',
    'https://127.1/x',
    'https://0/x',
    'https://3221225985/x',
  ]
  for (const url of production) t.match(await refusal(url, false), NOT_PUBLIC, `${url} is refused in production`)
  const always = [
    'http://2852039166/latest/meta-data',
    'http://0xa9.0xfe.0xa9.0xfe/latest/meta-data',
    'http://0251.0376.0251.0376/latest/meta-data',
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    'http://[64:ff9b::169.254.169.254]/latest/meta-data',
    'http://[fd00:ec2::254]/latest/meta-data',
    'http://100.100.100.200/latest/meta-data',
    'http://169.254.170.2/v2/credentials',
  ]
  for (const url of always) t.match(await refusal(url, true), ALWAYS, `${url} is refused even with private URLs allowed`)
})

t.test("the host's own addresses: refused in production, even public ones; allowed with private URLs", async (t) => {
  // A host with a public address on its interface (a bare-metal server, a VM with a public IP).
  const ownV4 = '81.2.69.160'
  const ownV6 = '2a01:4f8:c17:1234::1'
  const getHostAddresses = () => ['127.0.0.1', '::1', ownV4, ownV6, 'fe80::1%eth0', '0.0.0.0', '::']
  for (const [address, what] of [
    [ownV4, 'its public IPv4 address'],
    [ownV6, 'its public IPv6 address'],
    [`::ffff:${ownV4}`, 'its IPv4 address, mapped'],
    ['64:ff9b::5102:45a0', 'its IPv4 address through NAT64'],
  ] as const) {
    const production = await refusals(address, false, { getHostAddresses })
    t.match(production.name, NOT_PUBLIC, `${address} (${what}): a name resolving to it`)
    // The host's addresses are a fact about the service's network: a literal is told what any address that is not public is.
    t.match(production.literal, NOT_PUBLIC, `${address} (${what}): the literal`)
    t.strictSame(
      await refusals(address, true, { getHostAddresses }),
      { name: null, literal: null },
      `${address}: allowed with private URLs`,
    )
  }
  t.strictSame(await refusals('81.2.69.161', false, { getHostAddresses }), { name: null, literal: null }, 'its neighbour is not the host')
})

t.test("the host's real interface addresses (os.networkInterfaces) and 0.0.0.0 / :: are refused in production", async (t) => {
  const own = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address))
  t.ok(own.length > 0, 'the host has addresses')
  for (const address of [...own, '0.0.0.0', '::']) {
    const production = await refusals(address.replace(/%.*$/, ''), false)
    t.ok(production.name, `${address}: a name resolving to it is refused (${production.name})`)
    t.ok(production.literal, `${address}: the literal is refused (${production.literal})`)
  }
})

t.test('URLs in production: https to public hosts only', async (t) => {
  t.equal(await refusal('https://hooks.example.com/x', false), null, 'https to a public name passes')
  t.equal(await refusal(`https://[${PUBLIC_V6}]/x`, false), null, 'an IPv6 literal that is public passes')
  t.match(await refusal('http://hooks.example.com/x', false), /^url: must use https$/, 'http is refused')
  t.match(await refusal('ftp://hooks.example.com/x', false), /^url:/, 'another scheme is refused')
  t.match(
    await refusal('https://a.example/x', false, resolvesTo(PUBLIC_V4, '10.0.0.5')),
    NOT_PUBLIC,
    'one private answer among public ones is refused',
  )
  t.match(
    await refusal('https://a.example/x', false, () => Promise.reject(new Error('ENOTFOUND'))),
    NOT_PUBLIC,
    'a name that does not resolve is refused',
  )
  t.match(await refusal('https://a.example/x', false, resolvesTo()), NOT_PUBLIC, 'nor one with no address')
  t.match(await refusal('https://user:pw@hooks.example.com/x', false), /credentials/, 'credentials in the URL are refused')
  t.match(await refusal('not a url', false), /^url: must be an absolute URL$/)
  t.match(await refusal(42, false), /^url:/, 'a non-string is refused')
  t.match(await refusal(`https://a.example/${'x'.repeat(2048)}`, false), /^url: must have at most 2048/, 'an overlong URL is refused')
})

t.test('URLs with private URLs allowed: http and loopback pass, metadata never', async (t) => {
  t.equal(await refusal('http://127.0.0.1:8080/hook', true), null, 'http to loopback passes')
  t.equal(await refusal('http://localhost/hook', true, resolvesTo('127.0.0.1', '::1')), null, 'a name resolving to loopback passes')
  t.match(await refusal('http://169.254.169.254/latest/meta-data', true), ALWAYS, 'the metadata address is refused')
  t.match(await refusal('http://[fe80::1]/x', true), ALWAYS, 'IPv6 link-local is refused')
  t.match(
    await refusal('http://a.example/x', true, () => Promise.reject(new Error('ENOTFOUND'))),
    /^url: the host does not resolve$/,
    'a name that does not resolve is told so: in development the user is the operator',
  )
})
