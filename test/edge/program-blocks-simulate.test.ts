// A tenant's program blocks end to end: PUT over REST, stored by accounts, cached at the engine
// and kept current by the invalidation bus: the caller's next simulate is blocked, another
// caller's is not, and a DELETE takes effect on the very next request.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createTenantProgramBlocks, type TenantProgramBlocks } from '../../engine/detection/programs/tenant-program-blocks.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { createTestUserService, registerTestUser } from '../helpers/user-service.js'
import { createTestEdgeWithUser, getJson, postSimulate } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

const SYSTEM = '11111111111111111111111111111111'

t.test('program blocks reach the verdict of the caller who set them, and only theirs', async (t) => {
  let tenantBlocks: TenantProgramBlocks | undefined
  const stack = await startStack(t, {
    engineOptions: { getTenantBlocks: (tenantId) => (tenantBlocks as TenantProgramBlocks).get(tenantId) },
  })
  const users = await createTestUserService(t)
  tenantBlocks = createTenantProgramBlocks({ load: (tenantId) => users.userService.getProgramBlocks(tenantId), invalidations: users.bus })
  t.teardown(() => tenantBlocks?.close())
  const { app, user } = await createTestEdgeWithUser(t, stack, { users })
  const other = await registerTestUser(app, 'other')

  const payer = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = toBase64(
    await buildTransaction({
      feePayer: payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
    }),
  )
  const simulateAs = async (apiKey: string) => getJson<SimulateResponse>(await postSimulate(app, { transaction }, { 'x-api-key': apiKey }))

  t.equal((await simulateAs(user.apiKey))?.decision, 'approve', 'nothing blocked yet')
  const put = await app.inject({
    method: 'PUT',
    url: '/api/v1/solana/program-blocks',
    headers: { 'content-type': 'application/json', 'x-api-key': user.apiKey },
    payload: JSON.stringify({ program_ids: [SYSTEM] }),
  })
  t.equal(put.statusCode, 200, put.body)

  const blocked = await simulateAs(user.apiKey)
  t.same(
    blocked?.risk.blacklist_entries,
    [{ program_id: SYSTEM, reason: "on the caller's program block list", source: 'tenant' }],
    'effective at once: the bus dropped the cached list',
  )
  t.equal(blocked?.risk.risk_level, 'critical')
  t.equal(blocked?.decision, 'block')
  const otherView = await simulateAs(other.apiKey)
  t.equal(otherView?.risk.has_blacklisted_program, false, "another caller's verdict ignores this list")
  t.equal(otherView?.decision, 'approve')

  const removed = await app.inject({
    method: 'DELETE',
    url: `/api/v1/solana/program-blocks/${SYSTEM}`,
    headers: { authorization: `Bearer ${user.token}` },
  })
  t.same(getJson(removed), { program_ids: [] })
  t.equal((await simulateAs(user.apiKey))?.decision, 'approve', 'the removal is effective on the next simulate')
})
