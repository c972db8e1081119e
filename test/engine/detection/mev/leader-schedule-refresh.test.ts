import { generateKeyPairSigner } from '@solana/kit'
import t from 'tap'
import { createLeaderSchedule } from '../../../../engine/detection/mev/leader-schedule.js'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { getFreePort } from '../../../../lib/free-port.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import { quietLogger } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

t.test('upcoming leaders come from getSlotLeaders in batches of 64, fetched only when the known range runs low', async (t) => {
  const identities = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address))
  const localnet = await startTestLocalnet(t, { LOCALNET_LEADERS: identities.join(',') })
  const rpc = createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 })
  const slot = () => Number(localnet.chain.getSlot())
  const schedule = createLeaderSchedule({ rpc, logger: quietLogger, getSlot: slot })
  const expected = (s: number) => fromBase58Address(identities[Math.floor(s / 4) % 3]!)
  const fetches = () => rpc.callsByMethod.get('getSlotLeaders') ?? 0

  t.same(schedule.getUpcomingLeaders(slot(), 8), [], 'nothing known before the first fetch, and no fetch from a read')
  t.equal(fetches(), 0)
  await schedule.refresh()
  t.equal(fetches(), 1)
  const start = slot()
  t.equal(schedule.knownUntilSlot, start + 64)
  t.same(
    schedule.getUpcomingLeaders(start, 10),
    Array.from({ length: 10 }, (_, i) => expected(start + i)),
  )
  t.same(schedule.getUpcomingLeaders(start + 60, 10).length, 4, 'stops where the known range ends')

  localnet.chain.advanceSlot(30)
  await schedule.refresh()
  t.equal(fetches(), 1, '34 slots still known: no fetch')
  for (let i = 0; i < 1_000; i++) schedule.getUpcomingLeaders(slot(), 16)
  t.equal(fetches(), 1, 'reads never fetch')

  localnet.chain.advanceSlot(5)
  await Promise.all([schedule.refresh(), schedule.refresh()])
  t.equal(fetches(), 2, '29 left: one fetch, shared by concurrent callers')
  t.equal(schedule.knownUntilSlot, start + 128, 'the next 64 after the known range')
  t.same(
    schedule.getUpcomingLeaders(start + 60, 10),
    Array.from({ length: 10 }, (_, i) => expected(start + 60 + i)),
  )
  t.equal(schedule.getSlotLeader(start), expected(start), 'past slots stay known')

  localnet.chain.advanceSlot(500)
  await schedule.refresh()
  t.equal(schedule.knownUntilSlot, slot() + 64, 'far behind the tip: it restarts at the tip')
})

t.test('an unreachable RPC is a counted failure, not an exception; the loop runs in the background', async (t) => {
  const port = await getFreePort()
  const rpc = createJsonRpcClient({ urls: [`http://127.0.0.1:${port}`], requestTimeoutMs: 500 })
  const schedule = createLeaderSchedule({ rpc, logger: quietLogger, getSlot: () => 1_000, pollMs: 10 })
  await schedule.refresh()
  t.equal(schedule.stats.failures, 1)
  t.equal(schedule.knownUntilSlot, 0)
  schedule.start()
  t.teardown(() => schedule.stop())
  await waitUntil(() => schedule.stats.fetches > 2, 5_000, 'retries by the timer')
  t.ok(schedule.stats.failures >= 2, 'each a failure')
})
