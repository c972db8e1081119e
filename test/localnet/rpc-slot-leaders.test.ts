import { createHash } from 'node:crypto'
import { createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner, type Address } from '@solana/kit'
import t from 'tap'
import { ConfigError, readConfig } from '../../lib/config.js'
import { SYSTEM_PROGRAM_ADDRESS } from '../../localnet/chain/local-account.js'
import { DEFAULT_LEADER_IDENTITY } from '../../localnet/chain/slot-leaders.js'
import { localnetConfigSchema, toLeaderIdentities } from '../../localnet/config.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const SLOTS_PER_EPOCH = 432_000

t.test('the default leader is the key of seed sha256("localnet-leader-1") and leads every slot', async (t) => {
  const seed = new Uint8Array(createHash('sha256').update('localnet-leader-1').digest())
  t.equal((await createKeyPairSignerFromPrivateKeyBytes(seed)).address, DEFAULT_LEADER_IDENTITY)
  const localnet = await startTestLocalnet(t)
  t.same(await localnet.call('getSlotLeader'), { jsonrpc: '2.0', id: 1, result: DEFAULT_LEADER_IDENTITY })
  const slot = Number(localnet.chain.getSlot())
  t.same((await localnet.call('getSlotLeaders', [slot, 9])).result, new Array(9).fill(DEFAULT_LEADER_IDENTITY))
})

t.test('LOCALNET_LEADERS rotate every 4 slots: leader of s = leaders[floor(s / 4) mod n]', async (t) => {
  const leaders = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address))
  const localnet = await startTestLocalnet(t, { LOCALNET_LEADERS: ` ${leaders.join(' , ')} ` })
  const expected = (slot: number) => leaders[Math.floor(slot / 4) % 3]
  const start = Number(localnet.chain.getSlot())
  const answer = await localnet.call('getSlotLeaders', [start, 30])
  t.same(
    answer.result,
    Array.from({ length: 30 }, (_, i) => expected(start + i)),
    'the next 30 slots',
  )
  for (let i = 0; i < 9; i++) {
    const slot = Number(localnet.chain.getSlot())
    t.equal((await localnet.call('getSlotLeader')).result, expected(slot), `slot ${slot}`)
    localnet.chain.advanceSlot()
  }
  const past = await localnet.call('getSlotLeaders', [start, 3])
  t.same(
    past.result,
    [0, 1, 2].map((i) => expected(start + i)),
    'past slots of the current epoch too',
  )
})

t.test("getSlotLeaders answers Agave's errors", async (t) => {
  const localnet = await startTestLocalnet(t)
  const epoch = Number(localnet.chain.getEpoch())
  const epochStart = epoch * SLOTS_PER_EPOCH
  t.equal((await localnet.call('getSlotLeaders', [epochStart, 5_000])).result.length, 5_000, 'the limit is 5,000')
  t.same((await localnet.call('getSlotLeaders', [epochStart, 5_001])).error, { code: -32602, message: 'Invalid limit; max 5000' })
  t.same((await localnet.call('getSlotLeaders', [12_345, 0])).result, [], 'a limit of 0: nothing, whatever the epoch')
  t.same((await localnet.call('getSlotLeaders', [])).error, {
    code: -32602,
    message: 'Invalid params: invalid length 0, expected a tuple of size 2.',
  })
  t.same((await localnet.call('getSlotLeaders', [1])).error, {
    code: -32602,
    message: 'Invalid params: invalid length 1, expected a tuple of size 2.',
  })
  t.same((await localnet.call('getSlotLeaders', ['1', 2])).error, {
    code: -32602,
    message: 'Invalid params: invalid type: string "1", expected u64.',
  })
  t.same((await localnet.call('getSlotLeaders', [1, -2])).error, {
    code: -32602,
    message: 'Invalid params: invalid type: number -2, expected u64.',
  })

  t.equal((await localnet.call('getSlotLeaders', [(epoch + 1) * SLOTS_PER_EPOCH + 5, 3])).result.length, 3, 'the next epoch is scheduled')
  t.same(
    (await localnet.call('getSlotLeaders', [(epoch + 2) * SLOTS_PER_EPOCH, 1])).error,
    {
      code: -32602,
      message: `Invalid slot range: leader schedule for epoch ${epoch + 2} is unavailable`,
    },
    'the one after is not',
  )
  t.same(
    (await localnet.call('getSlotLeaders', [(epoch + 2) * SLOTS_PER_EPOCH - 2, 5])).error,
    {
      code: -32602,
      message: `Invalid slot range: leader schedule for epoch ${epoch + 2} is unavailable`,
    },
    'nor a range that reaches into it',
  )

  // Move the chain 20 epochs on (an account last written then raises the slot floor): ten schedules are kept.
  const later = epoch + 20
  localnet.chain.setAccount((await generateKeyPairSigner()).address as Address, {
    lamports: 1n,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: BigInt(later),
  })
  t.equal(Number(localnet.chain.getEpoch()), later)
  t.equal((await localnet.call('getSlotLeaders', [(later - 8) * SLOTS_PER_EPOCH, 1])).result.length, 1, 'the oldest held: (epoch + 1) − 9')
  t.same((await localnet.call('getSlotLeaders', [(later - 9) * SLOTS_PER_EPOCH + 7, 1])).error, {
    code: -32602,
    message: `Invalid slot range: leader schedule for epoch ${later - 9} is unavailable`,
  })
  const slot = Number(localnet.chain.getSlot())
  t.same((await localnet.call('getSlotLeader', [{ minContextSlot: slot + 1 }])).error, {
    code: -32016,
    message: 'Minimum context slot has not been reached',
    data: { contextSlot: slot },
  })
})

t.test('LOCALNET_LEADERS must be base58 identities', async (t) => {
  t.equal(readConfig(localnetConfigSchema, {}).leaders, DEFAULT_LEADER_IDENTITY)
  t.same(toLeaderIdentities(readConfig(localnetConfigSchema, {})), [DEFAULT_LEADER_IDENTITY])
  for (const bad of ['nope', `${DEFAULT_LEADER_IDENTITY},0OIl`, ' , ']) {
    t.throws(() => toLeaderIdentities(readConfig(localnetConfigSchema, { LOCALNET_LEADERS: bad })), ConfigError, bad)
  }
  t.throws(() => toLeaderIdentities(readConfig(localnetConfigSchema, { LOCALNET_LEADERS: 'nope' })), /LOCALNET_LEADERS/)
})
