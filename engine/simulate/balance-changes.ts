/**
 * SOL and token balances before and after a simulation, per writable account, like Agave's
 * simulate-with-balances (pre/post balances and token balances), with the delta computed.
 */
import type { AccountKey } from '../state/account-key.js'
import { toAccountKey } from '../state/account-key.js'
import type { AddressNamer } from '../state/address-names.js'
import type { AccountEntry } from '../state/cached-account.js'
import type { BalanceChange } from './simulate-types.js'
import { decodeTokenAccount } from './token-account.js'

/** The post-simulation state of one account, as the SVM reports it. */
export interface PostAccount {
  lamports: bigint
  owner: Uint8Array
  data: Uint8Array
}

export interface BalanceInputs {
  keys: readonly AccountKey[]
  writable: readonly boolean[]
  pre: readonly AccountEntry[]
  /** Post state by key; accounts absent here are unchanged. */
  post: ReadonlyMap<AccountKey, PostAccount>
  getDecimals: (mint: AccountKey) => number | undefined
  name: AddressNamer
}

function toChange(
  account: AccountKey,
  mint: string | null,
  owner: string | null,
  decimals: number | null,
  pre: bigint,
  post: bigint,
  name: AddressNamer,
): BalanceChange {
  return { account: name(account), mint, owner, decimals, pre: pre.toString(), post: post.toString(), delta: (post - pre).toString() }
}

/** Balance changes of every writable account (SOL first, then tokens). */
export function getBalanceChanges(inputs: BalanceInputs): BalanceChange[] {
  const sol: BalanceChange[] = []
  const tokens: BalanceChange[] = []
  for (let i = 0; i < inputs.keys.length; i++) {
    if (!inputs.writable[i]) continue
    const key = inputs.keys[i] as AccountKey
    const before = inputs.pre[i]
    const after = inputs.post.get(key)
    const preLamports = before?.exists ? before.lamports : 0n
    const postLamports = after ? after.lamports : preLamports
    if (before?.exists || after) sol.push(toChange(key, null, null, 9, preLamports, postLamports, inputs.name))

    const preToken = before?.exists ? decodeTokenAccount(before.owner, before.data) : undefined
    const postToken = after ? decodeTokenAccount(after.owner, after.data) : preToken
    const token = postToken ?? preToken
    if (!token) continue
    const mint = inputs.name(token.mint)
    tokens.push(
      toChange(
        key,
        mint,
        inputs.name(token.owner),
        inputs.getDecimals(token.mint) ?? null,
        preToken?.amount ?? 0n,
        postToken?.amount ?? 0n,
        inputs.name,
      ),
    )
  }
  return sol.concat(tokens)
}

/** Balance changes of a transaction that lands but fails: only the fee leaves the fee payer. */
export function getFeeOnlyChanges(payer: AccountEntry | undefined, feeLamports: bigint, name: AddressNamer): BalanceChange[] {
  if (!payer?.exists || payer.lamports < feeLamports) return []
  return [toChange(payer.key, null, null, 9, payer.lamports, payer.lamports - feeLamports, name)]
}

/** Post states keyed by account from the SVM's (address, account) pairs. */
export function toPostAccountMap(
  pairs: ReadonlyArray<{ address: Uint8Array; account(): { lamports(): bigint; owner(): Uint8Array; data(): Uint8Array } }>,
): Map<AccountKey, PostAccount> {
  const map = new Map<AccountKey, PostAccount>()
  for (const pair of pairs) {
    const account = pair.account()
    map.set(toAccountKey(pair.address), { lamports: account.lamports(), owner: account.owner(), data: account.data() })
  }
  return map
}
