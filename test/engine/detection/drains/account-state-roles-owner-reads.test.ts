// The roles of an account after the simulation read its owner over N-API only when it can have
// changed (engine/detection/drains/account-state-roles.ts): a token program never reassigns what it owns.
import t from 'tap'
import { getRolesAfter } from '../../../../engine/detection/drains/account-state-roles.js'
import type { PostAccount } from '../../../../engine/hot-path/svm/post-accounts.js'
import { fromAccountKey, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import type { CachedAccount } from '../../../../engine/hot-path/state/cached-account.js'
import { TOKEN_PROGRAM as TOKEN_PROGRAM_KEY } from '../../../../engine/hot-path/svm/well-known-programs.js'

const TOKEN_PROGRAM = fromAccountKey(TOKEN_PROGRAM_KEY)
const SYSTEM_PROGRAM = new Uint8Array(32)
const HOLDER = new Uint8Array(32).fill(7)

/** An initialized SPL token account of `HOLDER` (mint, owner, amount, …, state at 108). */
function tokenAccountData(): Uint8Array {
  const data = new Uint8Array(165)
  data.fill(3, 0, 32)
  data.set(HOLDER, 32)
  data[108] = 1
  return data
}

function entry(owner: Uint8Array, data: Uint8Array): CachedAccount {
  return {
    exists: true,
    key: toAccountKey(new Uint8Array(32).fill(9)),
    lamports: 2_039_280n,
    data,
    owner,
    executable: false,
    rentEpoch: 0n,
    version: 1,
    confirmedAtMs: 0,
    slot: 1,
    native: undefined,
  }
}

function postAccount(owner: Uint8Array, data: Uint8Array, reads: string[]): PostAccount {
  return {
    lamports: () => 2_039_280n,
    owner: () => (reads.push('owner'), owner),
    data: () => (reads.push('data'), data),
  }
}

t.test('a token account that still holds data keeps its owner program: no owner read', async (t) => {
  const reads: string[] = []
  const roles = getRolesAfter(entry(TOKEN_PROGRAM, tokenAccountData()), postAccount(TOKEN_PROGRAM, tokenAccountData(), reads))
  t.same(roles, [{ role: 'token_owner', holder: toAccountKey(HOLDER) }])
  t.same(reads, ['data'])
})

t.test('a pre-funded system account that became a token account: its new owner is read', async (t) => {
  const reads: string[] = []
  const roles = getRolesAfter(entry(SYSTEM_PROGRAM, new Uint8Array(0)), postAccount(TOKEN_PROGRAM, tokenAccountData(), reads))
  t.same(roles, [{ role: 'token_owner', holder: toAccountKey(HOLDER) }])
  t.same(reads, ['data', 'owner'])
})

t.test('an account left without data has no roles, and its owner is not read', async (t) => {
  const reads: string[] = []
  t.same(getRolesAfter(undefined, postAccount(SYSTEM_PROGRAM, new Uint8Array(0), reads)), [])
  t.same(reads, ['data'])
})
