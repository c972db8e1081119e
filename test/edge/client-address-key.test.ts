/** The key a client address counts under: IPv4 alone, IPv4-mapped as IPv4, IPv6 by its /64 whatever its spelling. */
import t from 'tap'
import { toClientAddressKey } from '../../edge/limits/client-address-key.js'

t.test('IPv4 addresses count alone', async (t) => {
  t.equal(toClientAddressKey('203.0.113.7'), '203.0.113.7')
  t.not(toClientAddressKey('203.0.113.7'), toClientAddressKey('203.0.113.8'))
})

t.test("a dual-stack socket's IPv4-mapped address is the IPv4 address", async (t) => {
  t.equal(toClientAddressKey('::ffff:127.0.0.1'), '127.0.0.1')
  t.equal(toClientAddressKey('::FFFF:7f00:1'), '127.0.0.1')
})

t.test('IPv6 clients count by their /64, however the address is written', async (t) => {
  const key = toClientAddressKey('2001:db8:7:7::1')
  t.equal(key, '2001:db8:7:7::/64')
  for (const same of ['2001:db8:7:7:ffff:ffff:ffff:ffff', '2001:0DB8:0007:0007:0:0:0:2', '2001:db8:7:7::3%eth0']) {
    t.equal(toClientAddressKey(same), key, same)
  }
  t.equal(toClientAddressKey('2001:db8:7:8::1'), '2001:db8:7:8::/64', 'the next /64 is another client')
  t.equal(toClientAddressKey('::1'), '0:0:0:0::/64')
  t.equal(toClientAddressKey('fe80::1%eth0'), 'fe80:0:0:0::/64', 'a zone index is dropped')
  t.equal(toClientAddressKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64', 'a dotted tail that is not IPv4-mapped is IPv6')
})

t.test('what is no address is counted as given, in bounded length', async (t) => {
  t.equal(toClientAddressKey(undefined), 'unknown', 'a socket already gone')
  const key = toClientAddressKey('x'.repeat(10_000))
  t.match(key, /^other:[\w-]{22}$/)
  t.equal(toClientAddressKey('x'.repeat(10_000)), key)
  t.not(toClientAddressKey('unknown'), key)
})
