/** TRUST_PROXY: off by default, a list of proxies' addresses or ranges, and a ConfigError naming the variable otherwise. */
import t from 'tap'
import { edgeConfigSchema } from '../../edge/config.js'
import { toTrustProxy } from '../../edge/trust-proxy.js'
import { readConfig } from '../../lib/config.js'

t.test('unset is off: request.ip is the socket peer', async (t) => {
  const config = readConfig(edgeConfigSchema, {})
  t.equal(config.trustProxy, 'off')
  t.equal(config.authLimits, 'on', 'and the account routes are limited')
  t.equal(toTrustProxy(config.trustProxy), false)
  t.equal(toTrustProxy(''), false)
})

t.test('addresses, CIDR ranges and named ranges, comma-separated', async (t) => {
  t.strictSame(toTrustProxy('10.0.0.5'), ['10.0.0.5'])
  t.strictSame(toTrustProxy(' 10.0.0.0/8, 2001:db8::/32 ,loopback'), ['10.0.0.0/8', '2001:db8::/32', 'loopback'])
  t.strictSame(toTrustProxy('uniquelocal,linklocal'), ['uniquelocal', 'linklocal'])
})

t.test('anything else stops the boot, naming TRUST_PROXY', async (t) => {
  for (const value of [
    'true',
    'on',
    '1',
    '2',
    '10.0.0.0/33',
    '2001:db8::/129',
    '10.0.0.0/8/1',
    '10.0.0',
    'lb.internal',
    '10.0.0.1,',
    '10.0.0.0/x',
  ]) {
    t.throws(() => toTrustProxy(value), { name: 'ConfigError', variable: 'TRUST_PROXY', got: value }, value)
  }
})

t.test('AUTH_LIMITS is on or off', async (t) => {
  t.equal(readConfig(edgeConfigSchema, { AUTH_LIMITS: 'off' }).authLimits, 'off')
  t.throws(() => readConfig(edgeConfigSchema, { AUTH_LIMITS: 'no' }), { name: 'ConfigError', variable: 'AUTH_LIMITS' })
})
