/**
 * getEpochInfo, getEpochSchedule, getInflationReward, getGenesisHash, getIdentity and
 * getTransactionCount as Agave answers them on localnet's mainnet-like schedule (epoch = slot /
 * 432,000), with the transaction count following real landed transactions; a method localnet
 * does not serve still answers -32601.
 */
import { getTransferSolInstruction } from '@solana-program/system'
import t from 'tap'
import { DEFAULT_LEADER_IDENTITY } from '../../localnet/chain/slot-leaders.js'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { sendSigned } from '../helpers/history-transactions.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'
const OTHER_LEADER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

t.test('epoch info and the transaction count follow the chain', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const firstSlot = Number(localnet.chain.getSlot())
  t.equal((await localnet.call('getTransactionCount')).result, 0, 'nothing landed yet')
  await sendSigned(localnet, alice, [getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[1], amount: 1n })])
  await sendSigned(localnet, alice, [getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[2], amount: 1n })])
  localnet.chain.advanceSlot(3)

  const slot = Number(localnet.chain.getSlot())
  t.same((await localnet.call('getEpochInfo', [{ commitment: 'processed' }])).result, {
    absoluteSlot: slot,
    blockHeight: Number(localnet.chain.getBlockHeight()),
    epoch: Math.floor(slot / 432_000),
    slotIndex: slot % 432_000,
    slotsInEpoch: 432_000,
    transactionCount: 2,
  })
  t.equal((await localnet.call('getTransactionCount', [{ commitment: 'confirmed' }])).result, 2, 'two landed')
  t.same((await localnet.call('getEpochInfo', [{ commitment: 'processed', minContextSlot: slot + 1 }])).error, {
    code: -32016,
    message: 'Minimum context slot has not been reached',
    data: { contextSlot: slot },
  })
  // No commitment is finalized, 32 slots behind: on this 3-slot-old chain, still the first block.
  t.match((await localnet.call('getEpochInfo')).result, { absoluteSlot: firstSlot, slotIndex: firstSlot % 432_000 }, 'finalized')
  t.same((await localnet.call('getEpochSchedule')).result, {
    slotsPerEpoch: 432_000,
    leaderScheduleSlotOffset: 432_000,
    warmup: false,
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
  })
})

t.test('inflation rewards: none paid, the current epoch not over yet', async (t) => {
  const localnet = await startTestLocalnet(t)
  const epoch = Number(localnet.chain.getEpoch())
  t.same((await localnet.call('getInflationReward', [[DEMO_WALLETS[0], DEMO_WALLETS[1]]])).result, [null, null], 'last epoch: no reward')
  t.same(
    (await localnet.call('getInflationReward', [[DEMO_WALLETS[0]], { epoch }])).error,
    {
      code: -32004,
      message: `Block not available for slot ${(epoch + 1) * 432_000}`,
    },
    'the current epoch is paid in the next one',
  )
  t.same((await localnet.call('getInflationReward', [Array(33).fill(DEMO_WALLETS[0])])).error, {
    code: -32602,
    message: 'Too many inputs provided; max 32',
  })
  t.same((await localnet.call('getInflationReward', [[DEMO_WALLETS[0]], { commitment: 'processed' }])).error, {
    code: -32602,
    message: 'Method does not support commitment below `confirmed`',
  })
  t.same((await localnet.call('getInflationReward', [['nope']])).error, { code: -32602, message: 'Invalid param: WrongSize' })
})

t.test('the genesis hash is localnet’s own and stable; the identity is the first leader', async (t) => {
  const one = await startTestLocalnet(t)
  const two = await startTestLocalnet(t, { LOCALNET_LEADERS: `${OTHER_LEADER},${DEFAULT_LEADER_IDENTITY}` })
  const hash = (await one.call('getGenesisHash')).result
  t.equal((await two.call('getGenesisHash')).result, hash, 'the same on every run')
  t.match(hash, /^[1-9A-HJ-NP-Za-km-z]{43,44}$/, 'a base58 hash')
  t.not(hash, MAINNET_GENESIS_HASH, 'never mainnet’s')
  t.same((await one.call('getIdentity')).result, { identity: DEFAULT_LEADER_IDENTITY })
  t.same((await two.call('getIdentity')).result, { identity: OTHER_LEADER }, 'the first configured leader')
  t.equal((await one.call('getSlotLeader')).result, DEFAULT_LEADER_IDENTITY, 'the leader getSlotLeader names')
})

t.test('a method localnet does not serve answers -32601', async (t) => {
  const localnet = await startTestLocalnet(t)
  for (const method of ['getBlockProduction', 'getConfirmedBlock', 'getRecentBlockhash']) {
    t.same((await localnet.call(method, [])).error, { code: -32601, message: 'Method not found' }, method)
  }
})
