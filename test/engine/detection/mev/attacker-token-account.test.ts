// The sandwich attacker's token accounts take the shape of the pool's vault: its size and its
// Token-2022 account extensions, each one's per-account state emptied. Vaults are encoded with
// Token-2022's own client, and the attacker's account is read back with its decoder.
import t from 'tap'
import { address, getAddressEncoder, none, some, type Address } from '@solana/kit'
import {
  AccountState,
  extension,
  getTokenDecoder,
  getTokenEncoder,
  TOKEN_2022_PROGRAM_ADDRESS,
  type ExtensionArgs,
} from '@solana-program/token-2022'
import { createAttackerTokenAccount } from '../../../../engine/detection/mev/attacker-token-account.js'
import type { CachedAccount } from '../../../../engine/hot-path/state/cached-account.js'
import { toAccountKey } from '../../../../engine/hot-path/state/account-key.js'

const encoder = getAddressEncoder()
const MINT = address('4hqc9ZGNB2PCZLfX2PfgbCsKujgdhxjrvWQwefJ5TuJr')
const POOL_AUTHORITY = address('GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL')
const ATTACKER = new Uint8Array(32).fill(7)
const WSOL = address('So11111111111111111111111111111111111111112')
const rentFor = (size: number) => BigInt(size) * 10n

function vaultOf(extensions: ExtensionArgs[] | null, mint: Address = MINT): CachedAccount {
  const data = new Uint8Array(
    getTokenEncoder().encode({
      mint,
      owner: POOL_AUTHORITY,
      amount: 5_000_000n,
      delegate: none(),
      state: AccountState.Initialized,
      isNative: none(),
      delegatedAmount: 0n,
      closeAuthority: none(),
      extensions: extensions === null ? none() : some(extensions),
    }),
  )
  return {
    exists: true,
    key: toAccountKey(new Uint8Array(32).fill(1)),
    lamports: 2_039_280n,
    data,
    owner: new Uint8Array(encoder.encode(TOKEN_2022_PROGRAM_ADDRESS)),
    executable: false,
    rentEpoch: 0n,
    version: 1,
    confirmedAtMs: 0,
    slot: 0,
  } as CachedAccount
}

t.test('a plain vault: a 165-byte account of the mint, owned by the attacker', async (t) => {
  const vault = vaultOf(null)
  const account = createAttackerTokenAccount(vault, ATTACKER, 42n, rentFor)
  if (typeof account === 'string') return t.fail(account)
  const read = getTokenDecoder().decode(account.data())
  t.equal(account.data().length, 165)
  t.equal(read.mint, MINT)
  t.same(encoder.encode(read.owner), ATTACKER)
  t.equal(read.amount, 42n)
  t.equal(read.state, AccountState.Initialized)
  t.equal(account.lamports(), rentFor(165))
  t.same(account.owner(), vault.owner, 'the same token program')
})

t.test("a transfer-fee vault: the fee's extension copied, with nothing withheld", async (t) => {
  const vault = vaultOf([extension('ImmutableOwner', {}), extension('TransferFeeAmount', { withheldAmount: 9_999n })])
  const account = createAttackerTokenAccount(vault, ATTACKER, 7n, rentFor)
  if (typeof account === 'string') return t.fail(account)
  t.equal(account.data().length, vault.data.length)
  const read = getTokenDecoder().decode(account.data())
  t.equal(read.amount, 7n)
  t.same(read.extensions, some([extension('ImmutableOwner', {}), extension('TransferFeeAmount', { withheldAmount: 0n })]))
  t.equal(account.lamports(), rentFor(vault.data.length))
})

t.test('a transfer-hook vault: no transfer under way', async (t) => {
  const vault = vaultOf([extension('TransferHookAccount', { transferring: true })])
  const account = createAttackerTokenAccount(vault, ATTACKER, 0n, rentFor)
  if (typeof account === 'string') return t.fail(account)
  t.same(getTokenDecoder().decode(account.data()).extensions, some([extension('TransferHookAccount', { transferring: false })]))
})

t.test('a wrapped-SOL vault: a native account holding its rent and the amount', async (t) => {
  const account = createAttackerTokenAccount(vaultOf(null, WSOL), ATTACKER, 1_000n, rentFor)
  if (typeof account === 'string') return t.fail(account)
  const read = getTokenDecoder().decode(account.data())
  t.same(read.isNative, some(rentFor(165)))
  t.equal(account.lamports(), rentFor(165) + 1_000n)
})

t.test('an extension an attacker account could not simply have: not priced, and why', async (t) => {
  const vault = vaultOf([extension('ImmutableOwner', {}), extension('NonTransferableAccount', {})])
  t.type(createAttackerTokenAccount(vault, ATTACKER, 0n, rentFor), 'object', 'markers are copied')
  const confidential = { ...vault, data: new Uint8Array([...vault.data.subarray(0, 166), 5, 0, 0, 0]) }
  t.equal(
    createAttackerTokenAccount(confidential, ATTACKER, 0n, rentFor),
    'a token account extension (confidentialTransferAccount) is not priced',
  )
  const mint = { ...vault, data: vault.data.subarray(0, 82) }
  t.equal(createAttackerTokenAccount(mint, ATTACKER, 0n, rentFor), "the pool's vault is not a token account")
})
