import t from 'tap'
import { ConfigError, readConfig } from '../../lib/config.js'
import { localnetConfigSchema, toStartUnixTime, toWsPort } from '../../localnet/config.js'

t.test('defaults', async (t) => {
  const config = readConfig(localnetConfigSchema, {})
  t.same(config, {
    host: '127.0.0.1',
    rpcPort: 8899,
    wsPort: undefined,
    geyserPort: 10_000,
    relayPort: 8902,
    relayRateLimit: 1,
    relayReadRateLimit: 5,
    relayAuth: undefined,
    slotMs: 400,
    accountsDir: undefined,
    programsDir: undefined,
    unixTime: undefined,
    demo: true,
    tipWalletKeypair: undefined,
    leaders: 'k7HZXXbsffYaUPC12ZN7HYH4CLSsMbQGHuZbtMJ1pGv',
    transactionHistory: 10_000,
    blockHistory: 4_096,
    dropRate: 0,
    finalitySlots: 32,
    logFormat: 'auto',
    logLevel: 'info',
  })
  t.ok(Object.isFrozen(config))
  t.equal(toStartUnixTime(config), undefined, 'no start time: the wall clock')
})

t.test('values are validated with the variable name in the error', async (t) => {
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0' }).rpcPort, 0, 'port 0 (ephemeral) allowed')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_SLOT_MS: '5' }), /LOCALNET_SLOT_MS/)
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '70000' }), /LOCALNET_RPC_PORT/)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_GEYSER_PORT: '0' }).geyserPort, 0, 'geyser port 0 (ephemeral) allowed')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_GEYSER_PORT: '-1' }), /LOCALNET_GEYSER_PORT/)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_RELAY_PORT: '0' }).relayPort, 0, 'relay port 0 (ephemeral) allowed')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_RELAY_PORT: '65536' }), /LOCALNET_RELAY_PORT/)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_RELAY_RATE_LIMIT: '0' }).relayRateLimit, 0, 'relay rate limit off')
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_RELAY_RATE_LIMIT: '2.5' }).relayRateLimit, 2.5, 'a fractional rate')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_RELAY_RATE_LIMIT: '-1' }), /LOCALNET_RELAY_RATE_LIMIT/)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_RELAY_AUTH: 'secret-uuid' }).relayAuth, 'secret-uuid')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_DEMO: 'maybe' }), /LOCALNET_DEMO/)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_TRANSACTION_HISTORY: '0' }).transactionHistory, 0, 'history off')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_TRANSACTION_HISTORY: '-1' }), /LOCALNET_TRANSACTION_HISTORY/)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_BLOCK_HISTORY: '64' }).blockHistory, 64, 'blocks kept')
  t.throws(() => readConfig(localnetConfigSchema, { LOCALNET_BLOCK_HISTORY: '0' }), /LOCALNET_BLOCK_HISTORY/)
  t.equal(toStartUnixTime(readConfig(localnetConfigSchema, { LOCALNET_UNIX_TIME: '1700000000' })), 1_700_000_000)
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_DROP_RATE: '0.25' }).dropRate, 0.25, 'a share of sends dropped')
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_DROP_RATE: '1' }).dropRate, 1, 'every send dropped')
  for (const bad of ['1.5', '-0.1', 'some', '50%']) {
    t.throws(
      () => readConfig(localnetConfigSchema, { LOCALNET_DROP_RATE: bad }),
      { name: 'ConfigError', variable: 'LOCALNET_DROP_RATE' },
      bad,
    )
  }
  t.equal(readConfig(localnetConfigSchema, { LOCALNET_FINALITY_SLOTS: '1' }).finalitySlots, 1, 'finalized as soon as confirmed')
  for (const bad of ['0', '151', '2.5', 'soon']) {
    t.throws(
      () => readConfig(localnetConfigSchema, { LOCALNET_FINALITY_SLOTS: bad }),
      { name: 'ConfigError', variable: 'LOCALNET_FINALITY_SLOTS' },
      bad,
    )
  }
  for (const bad of ['soon', '1.5', '-3']) {
    t.throws(() => toStartUnixTime(readConfig(localnetConfigSchema, { LOCALNET_UNIX_TIME: bad })), ConfigError, bad)
  }
})

t.test('the PubSub port: the RPC port + 1 unless set, a free one with a free RPC port', async (t) => {
  const read = (env: Record<string, string>) => toWsPort(readConfig(localnetConfigSchema, env))
  t.equal(read({}), 8900, "Agave's default: 8899 + 1")
  t.equal(read({ LOCALNET_RPC_PORT: '18899' }), 18_900, 'follows the RPC port')
  t.equal(read({ LOCALNET_RPC_PORT: '0' }), 0, 'a free RPC port: a free WebSocket port too')
  t.equal(read({ LOCALNET_WS_PORT: '9000' }), 9000, 'set: that port')
  t.equal(read({ LOCALNET_RPC_PORT: '8899', LOCALNET_WS_PORT: '0' }), 0, '0: a free one')
  t.throws(() => read({ LOCALNET_WS_PORT: 'x' }), /LOCALNET_WS_PORT/)
  t.throws(() => read({ LOCALNET_WS_PORT: '65536' }), /LOCALNET_WS_PORT/)
  t.equal(read({ LOCALNET_WS_PORT: ' ' }), 8900, 'blank reads as unset, like every variable')
  t.throws(() => read({ LOCALNET_RPC_PORT: '65535' }), /LOCALNET_WS_PORT/, 'no port past 65535 to default to')
})
