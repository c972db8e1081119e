// Each bundle lint rule on a real localnet and the engine's warm cache: one bundle that passes every
// rule, then for each rule a bundle that breaks it (and only the rules it must), read from the list
// the API answers. The sequential simulation runs each transaction on the state the previous left.
import t, { type Test } from 'tap'
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { lintBundle, type BundleLintDeps } from '../../../../engine/landing/bundle/bundle-lint.js'
import { createSequentialSimulator } from '../../../../engine/landing/bundle/sequential-simulation.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { encodeLookupTableData, ADDRESS_LOOKUP_TABLE_PROGRAM } from '../../../../localnet/seed/lookup-table-account.js'
import type { BundleLintRule } from '../../../../engine/contract/submit-response.js'

const TIP_ACCOUNT = '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5' as Address
const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111' as Address
/** A 32-byte address starting "jitodontfront", as Jito's docs use. */
const DONT_FRONT = 'jitodontfront111111111111111111111111111111' as Address
const SOL = 1_000_000_000n

async function setup(t: Test) {
  const stack = await startStack(t, { autoAdvance: false })
  // A tip account exists on every cluster (a transfer below rent-exemption to a new account fails).
  stack.localnet.chain.airdrop(TIP_ACCOUNT, SOL)
  const simulator = createSequentialSimulator({ cache: stack.engine.cache, chain: stack.engine.chain })
  const deps: BundleLintDeps = {
    simulator,
    tipAccounts: new Set([fromBase58Address(TIP_ACCOUNT)]),
    tipFloorLamports: 1_000,
    chain: stack.engine.chain,
  }
  const funded = async (lamports = 2n * SOL): Promise<KeyPairSigner> => {
    const signer = await generateKeyPairSigner()
    stack.localnet.chain.airdrop(signer.address, lamports)
    return signer
  }
  const blockhash = async () => (await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash
  return { stack, deps, funded, blockhash }
}

function failed(entries: { rule: BundleLintRule; ok: boolean }[]): BundleLintRule[] {
  return entries.filter((entry) => !entry.ok).map((entry) => entry.rule)
}

async function transfer(payer: KeyPairSigner, to: Address, lamports: bigint, blockhash: string, extra: Address[] = []) {
  const instruction = transferSol(payer.address, to, lamports)
  const withExtras = {
    ...instruction,
    accounts: [...(instruction.accounts ?? []), ...extra.map((address) => ({ address, role: 0 }))],
  } as typeof instruction
  return buildTransaction({ feePayer: payer.address, blockhash, instructions: [withExtras], signers: [payer] })
}

t.test('a bundle that tips enough, in order, with a fresh blockhash passes every rule', async (t) => {
  const { deps, funded, blockhash } = await setup(t)
  const payer = await funded()
  const hash = await blockhash()
  const swap = await transfer(payer, (await generateKeyPairSigner()).address, SOL / 10n, hash)
  const tip = await transfer(payer, TIP_ACCOUNT, 5_000n, hash)
  const result = await lintBundle(deps, [swap, tip])
  t.same(failed(result.entries), [], JSON.stringify(result.entries, null, 1))
  t.equal(result.ok, true)
  t.equal(result.tipLamports, 5_000n)
  t.equal(result.entries.length, 10, 'every rule is reported')
})

t.test('each rule rejects its own bad bundle', async (t) => {
  const { stack, deps, funded, blockhash } = await setup(t)
  const payer = await funded()
  const hash = await blockhash()
  const tip = await transfer(payer, TIP_ACCOUNT, 5_000n, hash)

  t.test('bundle_size: six transactions', async (t) => {
    const sixes = await Promise.all([1n, 2n, 3n, 4n, 5n].map((n) => transfer(payer, TIP_ACCOUNT, 1_000n + n, hash)))
    const result = await lintBundle(deps, [...sixes, tip])
    t.same(failed(result.entries), ['bundle_size', 'sequential_simulation'])
  })

  t.test('transaction_size: over the packet limit', async (t) => {
    const result = await lintBundle(deps, [new Uint8Array(1_300), tip])
    t.ok(failed(result.entries).includes('transaction_size'))
    t.match(result.entries.find((entry) => entry.rule === 'transaction_size')?.detail, /transaction 1 is 1,300 bytes/)
  })

  t.test('signatures: a zeroed signature', async (t) => {
    const unsigned = await buildTransaction({
      feePayer: payer.address,
      blockhash: hash,
      instructions: [transferSol(payer.address, TIP_ACCOUNT, 2_000n)],
    })
    const result = await lintBundle(deps, [unsigned])
    t.same(failed(result.entries), ['signatures'])
    t.match(result.entries.find((entry) => entry.rule === 'signatures')?.detail, /has not signed/)
  })

  t.test('tip_present and tip_floor: no tip at all', async (t) => {
    const result = await lintBundle(deps, [await transfer(payer, (await generateKeyPairSigner()).address, SOL / 100n, hash)])
    t.same(failed(result.entries), ['tip_present', 'tip_floor'])
  })

  t.test('tip_floor: a tip under the floor', async (t) => {
    const result = await lintBundle(deps, [await transfer(payer, TIP_ACCOUNT, 999n, hash)])
    t.same(failed(result.entries), ['tip_floor'])
    t.match(result.entries.find((entry) => entry.rule === 'tip_floor')?.detail, /999 lamports against a floor of 1,000/)
  })

  t.test('tip_not_in_lookup_table: the tip account loaded through a table', async (t) => {
    const table = (await generateKeyPairSigner()).address
    stack.localnet.chain.setAccount(table, {
      lamports: SOL,
      data: encodeLookupTableData({ authority: null, addresses: [TIP_ACCOUNT] }),
      owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
      executable: false,
      rentEpoch: 0n,
    })
    stack.localnet.chain.advanceSlot()
    const viaTable = await buildTransaction({
      feePayer: payer.address,
      blockhash: hash,
      instructions: [transferSol(payer.address, TIP_ACCOUNT, 5_000n)],
      version: 0,
      lookupTables: { [table]: [TIP_ACCOUNT] },
      signers: [payer],
    })
    const result = await lintBundle(deps, [viaTable])
    t.same(failed(result.entries), ['tip_not_in_lookup_table'], JSON.stringify(result.entries, null, 1))
  })

  t.test('dont_front_first: the jitodontfront transaction is not first', async (t) => {
    const guarded = await transfer(payer, (await generateKeyPairSigner()).address, SOL / 100n, hash, [DONT_FRONT])
    const wrongOrder = await lintBundle(deps, [tip, guarded])
    t.same(failed(wrongOrder.entries), ['dont_front_first'])
    const rightOrder = await lintBundle(deps, [guarded, tip])
    t.same(failed(rightOrder.entries), [], 'first is where it belongs')
  })

  t.test('no_vote_accounts: the vote program named', async (t) => {
    const voting = await transfer(payer, TIP_ACCOUNT, 5_000n, hash, [VOTE_PROGRAM])
    const result = await lintBundle(deps, [voting])
    t.same(failed(result.entries), ['no_vote_accounts'])
  })

  t.test('sequential_simulation: the second transaction fails on the state the first leaves', async (t) => {
    const spender = await funded(SOL)
    const spendHash = await blockhash()
    // Each alone succeeds; in sequence the first leaves too little for the second.
    const first = await transfer(spender, (await generateKeyPairSigner()).address, (SOL * 6n) / 10n, spendHash)
    const second = await transfer(spender, TIP_ACCOUNT, (SOL * 6n) / 10n, spendHash)
    t.same(failed((await lintBundle(deps, [second])).entries), [], 'the second alone passes')
    const result = await lintBundle(deps, [first, second])
    t.same(failed(result.entries), ['sequential_simulation'])
    t.match(
      result.entries.find((entry) => entry.rule === 'sequential_simulation')?.detail,
      /transaction 2 of 2 fails on the state the earlier ones leave/,
    )
    t.same(failed((await lintBundle(deps, [first, tip])).entries), [], 'the scratch state is discarded after each run')
  })
})

t.test('blockhash_lifetime: a blockhash with one block left', async (t) => {
  const { stack, deps, funded, blockhash } = await setup(t)
  const payer = await funded()
  const hash = await blockhash()
  await stack.engine.chain.refresh()
  const tip = await transfer(payer, TIP_ACCOUNT, 5_000n, hash)
  t.same(failed((await lintBundle(deps, [tip])).entries), [], 'fresh, it passes')
  stack.localnet.chain.advanceSlot(149)
  await stack.engine.chain.refresh()
  const result = await lintBundle(deps, [tip])
  t.same(failed(result.entries), ['blockhash_lifetime'])
  t.match(result.entries.find((entry) => entry.rule === 'blockhash_lifetime')?.detail, /has 1 block left/)
})
