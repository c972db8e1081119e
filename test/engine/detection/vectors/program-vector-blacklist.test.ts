// The program vector end to end on localnet: a program on the curated blacklist or on the caller's
// own block list makes the transaction critical and blocks it under the default policy; policies
// and vector selection change that as docs/detection.md says; the tenant's list answers
// synchronously when cached and is reported in timed_out_vectors when it cannot be loaded in time.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { address, generateKeyPairSigner, type Instruction } from '@solana/kit'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const SYSTEM = '11111111111111111111111111111111'

function memo(text: string): Instruction {
  return { programAddress: MEMO, accounts: [], data: new TextEncoder().encode(text) }
}

async function writeBlacklist(file: string, ids: string[]): Promise<void> {
  await writeFile(
    file,
    JSON.stringify({ programs: ids.map((id) => ({ program_id: id, reason: 'drains wallets (test)', source: 'test report #1' })) }),
  )
}

t.test('blacklisted and tenant-blocked programs', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'program-vector-'))
  const file = join(dir, 'blacklist.json')
  await writeBlacklist(file, [MEMO])
  let releaseSlowTenant: (() => void) | undefined
  const tenantLoads: string[] = []
  const { engine, rpc } = await startStack(t, {
    engineEnv: { PROGRAM_BLACKLIST_FILE: file, PROGRAM_BLACKLIST_POLL_MS: '3600000' },
    engineOptions: {
      getTenantBlocks: (tenantId) => {
        tenantLoads.push(tenantId)
        if (tenantId === 'blocks-system') return new Set<AccountKey>([fromBase58Address(SYSTEM)])
        if (tenantId === 'loads-system') return Promise.resolve(new Set<AccountKey>([fromBase58Address(SYSTEM)]))
        if (tenantId === 'never-answers') return new Promise(() => undefined)
        if (tenantId === 'slow') return new Promise((resolve) => (releaseSlowTenant = () => resolve(new Set())))
        return new Set<AccountKey>()
      },
    },
  })
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const withMemo = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, recipient.address, 10_000_000n), memo('hello')],
  })
  const plain = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, recipient.address, 10_000_000n)],
  })

  t.test('a blacklisted program: critical, and blocked by the default policy', async (t) => {
    const response = await engine.simulate(withMemo)
    t.equal(response.success, true, 'the simulation itself succeeds')
    t.equal(response.risk.has_blacklisted_program, true)
    t.same(response.risk.blacklisted_programs, [MEMO])
    t.same(response.risk.blacklist_entries, [{ program_id: MEMO, reason: 'drains wallets (test)', source: 'test report #1' }])
    t.equal(response.risk.risk_level, 'critical')
    t.equal(response.decision, 'block')
    t.same(
      response.decision_reasons.map((reason) => reason.rule),
      ['block_blacklisted', 'max_risk_level'],
    )
  })

  t.test('policies: block_blacklisted off still blocks at max_risk_level high; allowing critical warns', async (t) => {
    const off = await engine.simulate(withMemo, { policy: { block_blacklisted: false } })
    t.same(
      off.decision_reasons.map((reason) => reason.rule),
      ['max_risk_level'],
    )
    const allowed = await engine.simulate(withMemo, { policy: { block_blacklisted: false, max_risk_level: 'critical' } })
    t.equal(allowed.decision, 'warn')
    t.same(
      allowed.decision_reasons.map((reason) => reason.rule),
      ['risk_level'],
    )
  })

  t.test('without the program vector nothing is checked against the blacklist', async (t) => {
    const response = await engine.simulate(withMemo, { vectors: ['simulation', 'priority_fee'] })
    t.equal(response.risk.has_blacklisted_program, false)
    t.equal(response.risk.risk_level, 'safe')
    t.equal(response.decision, 'approve')
  })

  t.test('the file changes: the engine follows it', async (t) => {
    await writeBlacklist(file, [])
    t.equal(await engine.blacklist.reload(), true)
    const response = await engine.simulate(withMemo)
    t.equal(response.risk.has_blacklisted_program, false)
    t.equal(response.decision, 'approve')
    await writeBlacklist(file, [MEMO])
    await engine.blacklist.reload()
  })

  t.test("the caller's own blocks, synchronous when cached and awaited when loading", async (t) => {
    const blocked = await engine.simulate(plain, { tenantId: 'blocks-system' })
    t.same(blocked.risk.blacklist_entries, [{ program_id: SYSTEM, reason: "on the caller's program block list", source: 'tenant' }])
    t.equal(blocked.decision, 'block')
    const loaded = await engine.simulate(plain, { tenantId: 'loads-system' })
    t.same(loaded.risk.blacklisted_programs, [SYSTEM])
    t.same(loaded.timed_out_vectors, [])
    const other = await engine.simulate(plain, { tenantId: 'someone-else' })
    t.equal(other.risk.has_blacklisted_program, false, "another tenant's blocks do not apply")
    t.equal(other.decision, 'approve')
    const anonymous = await engine.simulate(plain)
    t.equal(anonymous.risk.has_blacklisted_program, false)
    t.notOk(tenantLoads.includes(''), 'no tenant, no lookup')
  })

  t.test('a block list that cannot be loaded in time: program is reported as not answered, the rest answers', async (t) => {
    const response = await engine.simulate(withMemo, { tenantId: 'never-answers', timeoutMs: 50 })
    t.same(response.timed_out_vectors, ['program'])
    t.equal(response.success, true)
    t.equal(response.risk.has_blacklisted_program, false, 'no program findings were answered')
    t.equal(response.decision, 'warn')
    t.match(response.decision_reasons, [{ rule: 'timed_out_vectors', message: /program/ }])
    t.ok(response.latency_ms >= 45, 'waited for the deadline')
  })

  t.test('an answer that arrives after the deadline does not change the response', async (t) => {
    const response = await engine.simulate(plain, { tenantId: 'slow', timeoutMs: 50 })
    releaseSlowTenant?.()
    await new Promise((resolve) => setTimeout(resolve, 10))
    t.same(response.timed_out_vectors, ['program'])
  })
})
