// An upgradeable-loader program loaded from the chain: programdata is installed before the
// program account, the program is compiled once, and a new programdata version is picked up.
// No program binaries ship with the fixtures, so the ELF is SPL Memo's, which LiteSVM bundles.
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { fromAddressBytes, RENT_EXEMPT_RENT_EPOCH, toAddressBytes } from '../../../../localnet/chain/local-account.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction } from '../../../helpers/transactions.js'
import { DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address
/** UpgradeableLoaderState::ProgramData: u32 tag 3, u64 slot, Option<Pubkey> authority (33 bytes). */
const PROGRAMDATA_METADATA_SIZE = 45

function programData(elf: Uint8Array, slot: bigint): Uint8Array {
  const data = new Uint8Array(PROGRAMDATA_METADATA_SIZE + elf.length)
  const view = new DataView(data.buffer)
  view.setUint32(0, 3, true)
  view.setBigUint64(4, slot, true)
  data.set(elf, PROGRAMDATA_METADATA_SIZE)
  return data
}

t.test('an upgradeable program runs, is installed once, and is reinstalled when its programdata changes', async (t) => {
  const { engine, localnet, rpc } = await startStack(t, { engineEnv: { ACCOUNT_CACHE_FRESH_MS: '0' } })
  const elf = localnet.chain.getAccount(MEMO_PROGRAM)?.data
  t.same([...(elf ?? new Uint8Array()).subarray(0, 4)], [0x7f, 0x45, 0x4c, 0x46], 'the bundled Memo ELF')
  const programId = (await generateKeyPairSigner()).address
  const programDataAddress = (await generateKeyPairSigner()).address
  const programAccount = new Uint8Array(36)
  new DataView(programAccount.buffer).setUint32(0, 2, true)
  programAccount.set(toAddressBytes(programDataAddress), 4)
  const install = (slot: bigint) =>
    localnet.chain.setAccount(programDataAddress, {
      lamports: 1_000_000_000n,
      data: programData(elf!, slot),
      owner: UPGRADEABLE_LOADER,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
  install(0n)
  localnet.chain.setAccount(programId, {
    lamports: 1_141_440n,
    data: programAccount,
    owner: UPGRADEABLE_LOADER,
    executable: true,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  t.equal(fromAddressBytes(programAccount.subarray(4)), programDataAddress)

  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: DEMO_WALLETS[0] as Address,
    blockhash: value.blockhash,
    instructions: [{ programAddress: programId, accounts: [], data: new TextEncoder().encode('hello') }],
  })
  const first = await engine.simulate(bytes)
  t.equal(first.success, true, first.failure_reason ?? '')
  t.same(first.logs.slice(1, 3), ['Program log: Memo (len 5)', 'Program log: hello'], 'the program ran')
  t.match(first.call_tree, [{ program_id: programId, depth: 1, success: true }])
  t.ok((first.compute_units ?? 0) > 0)
  t.equal(engine.svmState.stats.programWrites, 1, 'compiled once')

  for (let i = 0; i < 3; i++) {
    t.equal((await engine.simulate(bytes)).success, true)
    await new Promise((resolve) => setTimeout(resolve, 20)) // background refreshes settle
  }
  t.equal(engine.svmState.stats.programWrites, 1, 'not recompiled while nothing changed')

  install(1n) // an upgrade: same program account, new programdata
  const programDataKey = fromBase58Address(programDataAddress)
  const versionBefore = engine.cache.peek(programDataKey)?.version
  await engine.simulate(bytes) // serves the cached state and refreshes it in the background
  // The refresh lands when the RPC answers (at once on a quiet machine, later on a loaded one:
  // beside the embedded-database suites 5 s were once not enough).
  await waitUntil(() => engine.cache.peek(programDataKey)?.version !== versionBefore, 20_000, 'the refresh brought the new programdata')
  const upgraded = await engine.simulate(bytes)
  t.equal(upgraded.success, true, upgraded.failure_reason ?? '')
  t.equal(engine.svmState.stats.programWrites, 2, 'the program account was rewritten after its new programdata')
})
