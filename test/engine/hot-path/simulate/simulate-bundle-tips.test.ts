/**
 * A bundle-bound transaction (one that pays one of the relay's tip accounts) is answered with what
 * it tips and the relay's tip floor; any other with both null. simulateTransaction runs over a
 * real localnet and the engine's cache, with the `tips` dependency the engine wires for its relay.
 */
import t from 'tap'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { simulateResponseSchema } from '../../../../engine/contract/simulate-response.js'
import type { TipFloor } from '../../../../engine/contract/tips-response.js'
import { createResultCache } from '../../../../engine/hot-path/simulate/result-cache.js'
import { parseSimulateOptions } from '../../../../engine/hot-path/simulate/simulate-options.js'
import {
  simulateTransaction,
  type SimulateDependencies,
  type SimulateTips,
} from '../../../../engine/hot-path/simulate/simulate-transaction.js'
import { fromBase58Address, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { RENT_EXEMPT_RENT_EPOCH } from '../../../../localnet/chain/local-account.js'
import { JITO_TIP_ACCOUNTS } from '../../../../localnet/relay/tip-accounts.js'
import { DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, encodeLookupTableData } from '../decode/lookup-table-data.js'
import { createSimulateDependencies } from '../../../helpers/simulate-dependencies.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const payer = DEMO_WALLETS[1] as Address
const [TIP_A, TIP_B] = JITO_TIP_ACCOUNTS as [Address, Address]
const TIP_ACCOUNTS: ReadonlySet<AccountKey> = new Set(JITO_TIP_ACCOUNTS.map(fromBase58Address))
const fitsSimulateResponse = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(simulateResponseSchema)

/** A floor with every percentile set; p99 beyond 2^32 so no 32-bit path can carry it whole. */
const FLOOR: TipFloor = Object.freeze({
  slots: 150,
  sample_count: 3,
  p25: 1_000,
  p50: 2_500,
  p75: 10_000,
  p95: 250_000,
  p99: 6_000_000_000,
  floor_lamports: 1_000,
  tip_accounts: [...JITO_TIP_ACCOUNTS],
})

/** The relay's tips as the engine hands them over, counting how often the floor is read. */
function createTips(tipAccounts: ReadonlySet<AccountKey> = TIP_ACCOUNTS): SimulateTips & { floorReads: number } {
  return {
    floorReads: 0,
    getTipAccounts: () => tipAccounts,
    getTipFloor() {
      this.floorReads++
      return FLOOR
    },
  }
}

t.test('a tip is answered with its amount and the floor; a plain transfer with neither', async (t) => {
  const { engine, rpc } = await startStack(t)
  const tips = createTips()
  const deps = createSimulateDependencies(engine, { tips })
  const stranger = (await generateKeyPairSigner()).address
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const simulate = async (deps: SimulateDependencies, bytes: Uint8Array) => simulateTransaction(deps, bytes, parseSimulateOptions({}))
  const build = (...instructions: ReturnType<typeof transferSol>[]) =>
    buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions })

  const tip = await simulate(deps, await build(transferSol(payer, TIP_A, 12_345n)))
  t.equal(tip.success, true, tip.failure_reason ?? '')
  t.equal(tip.tip_lamports, 12_345)
  t.same(tip.tips, FLOOR, 'the floor the relay gave')
  t.equal(tip.balance_changes.find((change) => change.account === TIP_A)?.delta, '12345', 'the tip account is credited')

  const two = await simulate(
    deps,
    await build(transferSol(payer, TIP_A, 1_000n), transferSol(payer, stranger, 1_000_000n), transferSol(payer, TIP_B, 2_000n)),
  )
  t.equal(two.success, true, two.failure_reason ?? '')
  t.equal(two.tip_lamports, 3_000, 'two tips add up; the plain transfer beside them does not count')

  const readsBefore = tips.floorReads
  const plain = await simulate(deps, await build(transferSol(payer, stranger, 1_000_000n)))
  t.equal(plain.success, true, plain.failure_reason ?? '')
  t.equal(plain.tip_lamports, null)
  t.equal(plain.tips, null)
  t.equal(tips.floorReads, readsBefore, 'the floor is not read for a transaction that is not bundle-bound')
  for (const [label, response] of [
    ['bundle-bound', tip],
    ['plain', plain],
  ] as const) {
    t.ok(fitsSimulateResponse(response), `the ${label} answer fits the published schema`, { errors: fitsSimulateResponse.errors })
  }

  const tipBytes = await build(transferSol(payer, TIP_A, 12_345n))
  const withoutRelay = await simulate(createSimulateDependencies(engine), tipBytes)
  t.match(withoutRelay, { success: true, tip_lamports: null, tips: null }, 'no tips dependency: nothing is bundle-bound')
  const noAccounts = await simulate(createSimulateDependencies(engine, { tips: createTips(new Set()) }), tipBytes)
  t.match(noAccounts, { success: true, tip_lamports: null, tips: null }, 'no tip accounts known: nothing is bundle-bound')
})

t.test('a tip account from an address lookup table counts (the resolved keys are read)', async (t) => {
  const { engine, localnet, rpc } = await startStack(t)
  const deps = createSimulateDependencies(engine, { tips: createTips() })
  const table = (await generateKeyPairSigner()).address
  localnet.chain.setAccount(table, {
    lamports: 10_000_000n,
    data: encodeLookupTableData({ authority: payer, addresses: [TIP_A], lastExtendedSlot: 1n }),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    version: 0,
    feePayer: payer,
    blockhash: value.blockhash,
    instructions: [transferSol(payer, TIP_A, 7_000n)],
    lookupTables: { [table]: [TIP_A] } as Record<Address, Address[]>,
  })
  const response = await simulateTransaction(deps, bytes, parseSimulateOptions({}))
  t.equal(response.success, true, response.failure_reason ?? '')
  t.equal(response.balance_changes.find((change) => change.account === TIP_A)?.delta, '7000', 'the tip account came from the table')
  t.equal(response.tip_lamports, 7_000)
  t.same(response.tips, FLOOR)
})

t.test('when the keys cannot be resolved, a tip to a static key still counts', async (t) => {
  const { engine, rpc } = await startStack(t)
  const deps = createSimulateDependencies(engine, { tips: createTips() })
  const stranger = (await generateKeyPairSigner()).address
  const missingTable = (await generateKeyPairSigner()).address
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    version: 0,
    feePayer: payer,
    blockhash: value.blockhash,
    instructions: [transferSol(payer, TIP_A, 4_000n), transferSol(payer, stranger, 1n)],
    lookupTables: { [missingTable]: [stranger] } as Record<Address, Address[]>,
  })
  const response = await simulateTransaction(deps, bytes, parseSimulateOptions({}))
  t.match(response, { success: false, failure_code: 'account_not_found' }, 'the lookup table does not exist')
  t.equal(response.tip_lamports, 4_000, 'the tip account is a static key')
  t.same(response.tips, FLOOR)
})

t.test('an answer from the result cache carries the fields it was simulated with', async (t) => {
  const { engine, rpc } = await startStack(t)
  const deps = createSimulateDependencies(engine, { tips: createTips() })
  const cache = createResultCache({ maxEntries: 8, deps })
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({ feePayer: payer, blockhash: value.blockhash, instructions: [transferSol(payer, TIP_B, 9_000n)] })
  const options = parseSimulateOptions({})
  // Stored from the second identical request on, answered from cache from the third.
  const answers = [await cache.simulate(bytes, options), await cache.simulate(bytes, options), await cache.simulate(bytes, options)]
  t.same(
    answers.map((answer) => answer.cached),
    [false, false, true],
  )
  for (const [i, answer] of answers.entries()) {
    t.equal(answer.tip_lamports, 9_000, `answer ${i}: tip_lamports`)
    t.same(answer.tips, FLOOR, `answer ${i}: tips`)
  }
})
