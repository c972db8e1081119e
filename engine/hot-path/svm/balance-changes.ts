/**
 * SOL and token balances before and after a simulation, per writable account, like Agave's
 * simulate-with-balances (pre/post balances and token balances), with the delta computed.
 * Reading the SVM's post state costs about a microsecond per native call, so owners and data are
 * read only where a token balance can have changed.
 */
import type { AccountKey } from '../state/account-key.js'
import type { AddressNamer } from '../state/address-names.js'
import type { AccountEntry } from '../state/cached-account.js'
import type { PostAccount } from './post-accounts.js'
import type { BalanceChange } from '../../contract/simulate-response.js'
import {
  decodeTokenAccount,
  decodeTokenAccountData,
  getTokenFields,
  isTokenProgram,
  type TokenAccountFields,
} from '../state/token-account.js'

/** A token balance that moved, in raw keys: what the vectors read without parsing the response's strings. */
export interface TokenDelta {
  /** Index of the token account among the transaction's keys. */
  index: number
  mint: AccountKey
  owner: AccountKey
  pre: bigint
  post: bigint
}

export interface BalanceInputs {
  keys: readonly AccountKey[]
  writable: readonly boolean[]
  pre: readonly AccountEntry[]
  /** Post state by key; accounts absent here are unchanged. */
  post: ReadonlyMap<AccountKey, PostAccount>
  /**
   * Whether a token program is among the transaction's accounts. Without one no token balance
   * can change (a program can only be invoked, even by CPI, if the transaction lists it).
   */
  mayChangeTokens: boolean
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

/**
 * An account a token program could turn into a token account within the transaction: one that
 * does not exist yet, or an empty system account (a pre-funded address becoming an associated
 * token account). The fee payer never does.
 */
function canBecomeTokenAccount(index: number, entry: AccountEntry | undefined): boolean {
  return index !== 0 && (!entry?.exists || entry.data.length === 0)
}

function getPostToken(
  index: number,
  before: AccountEntry | undefined,
  preToken: TokenAccountFields | null,
  after: PostAccount | undefined,
  mayChangeTokens: boolean,
): TokenAccountFields | null {
  if (!after || !mayChangeTokens) return preToken
  // A token account keeps its owner program (closing it empties the data instead), so only a
  // new one needs the owner read, which costs more than the data read.
  if (preToken) return decodeTokenAccountData(after.data()) ?? null
  if (!canBecomeTokenAccount(index, before)) return null
  const owner = after.owner()
  return isTokenProgram(owner) ? (decodeTokenAccount(owner, after.data()) ?? null) : null
}

/** Balance changes of every writable account (SOL first, then tokens); token rows also go to `tokenDeltas` in raw form. */
export function getBalanceChanges(inputs: BalanceInputs, tokenDeltas?: TokenDelta[]): BalanceChange[] {
  const sol: BalanceChange[] = []
  let tokens: BalanceChange[] | undefined
  for (let i = 0; i < inputs.keys.length; i++) {
    if (!inputs.writable[i]) continue
    const key = inputs.keys[i] as AccountKey
    const before = inputs.pre[i]
    const after = inputs.post.get(key)
    const preLamports = before?.exists ? before.lamports : 0n
    const postLamports = after ? after.lamports() : preLamports
    if (before?.exists || after) sol.push(toChange(key, null, null, 9, preLamports, postLamports, inputs.name))

    const preToken = before?.exists ? getTokenFields(before) : null
    const postToken = getPostToken(i, before, preToken, after, inputs.mayChangeTokens)
    const token = postToken ?? preToken
    if (!token) continue
    tokenDeltas?.push({ index: i, mint: token.mint, owner: token.owner, pre: preToken?.amount ?? 0n, post: postToken?.amount ?? 0n })
    tokens ??= []
    tokens.push(
      toChange(
        key,
        inputs.name(token.mint),
        inputs.name(token.owner),
        inputs.getDecimals(token.mint) ?? null,
        preToken?.amount ?? 0n,
        postToken?.amount ?? 0n,
        inputs.name,
      ),
    )
  }
  return tokens ? sol.concat(tokens) : sol
}

/** Balance changes of a transaction that lands but fails: only the fee leaves the fee payer. */
export function getFeeOnlyChanges(payer: AccountEntry | undefined, feeLamports: bigint, name: AddressNamer): BalanceChange[] {
  if (!payer?.exists || payer.lamports < feeLamports) return []
  return [toChange(payer.key, null, null, 9, payer.lamports, payer.lamports - feeLamports, name)]
}
