/**
 * getTokenLargestAccounts, getTokenAccountsByOwner and getTokenAccountsByDelegate over the Token
 * and Token-2022 programs, with Agave's shapes and errors (anza-xyz/agave rpc/src/rpc.rs,
 * rpc/src/parsed_token_accounts.rs).
 */
import { type Address } from '@solana/kit'
import type { ChainState, LocalChain } from '../../chain.js'
import { fromAddressBytes, toAddressBytes, type LocalAccount } from '../../chain/local-account.js'
import { toUiAmountString } from '../../chain/token-balances.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { readStateAt } from '../commitment.js'
import { requireParam, toAddressParam, toConfigParam, type RpcConfig } from '../params.js'
import { toParsedTokenAccount } from '../parsed-token-account.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'
import { isValidTokenAccountData } from '../token-account-data.js'
import { getMintInfo, isTokenProgram } from '../token-mint.js'
import { getAccountEncoding, getDataSlice, toUiAccount } from '../ui-account.js'

const NUM_LARGEST_ACCOUNTS = 20
/** Offsets in a token account: owner, the delegate's COption tag and key. */
const OWNER_OFFSET = 32
const DELEGATE_TAG_OFFSET = 72
const DELEGATE_OFFSET = 76

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

function readU32(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true)
}

function isKeyAt(data: Uint8Array, offset: number, key: Uint8Array): boolean {
  return Buffer.compare(data.subarray(offset, offset + 32), key) === 0
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'sequence'
  return `${typeof value} ${JSON.stringify(value)}`
}

type TokenAccountsFilter = { kind: 'mint' | 'programId'; value: unknown }

/**
 * RpcTokenAccountsFilter as serde reads it (an externally tagged enum, `{mint}` or `{programId}`),
 * with serde_json's messages; the address inside is checked later, as Agave does.
 */
function toTokenAccountsFilter(value: unknown): TokenAccountsFilter {
  if (typeof value === 'string') throw createInvalidParamsError('Invalid params: invalid type: unit variant, expected newtype variant.')
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected string or map.`)
  }
  const keys = Object.keys(value)
  if (keys.length !== 1) throw createInvalidParamsError('Invalid params: invalid value: map, expected map with a single key.')
  const variant = keys[0] as string
  if (variant !== 'mint' && variant !== 'programId') {
    throw createInvalidParamsError(`Invalid params: unknown variant \`${variant}\`, expected \`mint\` or \`programId\`.`)
  }
  const inner = (value as Record<string, unknown>)[variant]
  if (typeof inner !== 'string') throw createInvalidParamsError(`Invalid params: invalid type: ${describe(inner)}, expected a string.`)
  return { kind: variant, value: inner }
}

/** The encoding of a token-accounts config: jsonParsed here too, besides what getAccountInfo serves. */
function getTokenAccountEncoding(config: RpcConfig): 'jsonParsed' | ReturnType<typeof getAccountEncoding> {
  return config.encoding === 'jsonParsed' ? 'jsonParsed' : getAccountEncoding(config)
}

/** Creates the token methods. */
export function createTokenMethods(chain: LocalChain): RpcMethods {
  /** Agave's `get_token_program_id_and_mint`. */
  function getProgramAndMint(
    state: ChainState,
    filter: { kind: 'mint' | 'programId'; address: Address },
  ): { program: Address; mint: Address | null } {
    if (filter.kind === 'programId') {
      if (!isTokenProgram(filter.address)) throw createInvalidParamsError('Invalid param: unrecognized Token program id')
      return { program: filter.address, mint: null }
    }
    const { program } = getMintInfo(state, filter.address)
    if (!isTokenProgram(program)) throw createInvalidParamsError('Invalid param: not a Token mint')
    return { program, mint: filter.address }
  }

  /**
   * What getTokenAccountsByOwner and getTokenAccountsByDelegate share: params read in Agave's
   * order (serde shapes, the key, the filter's address, the slot, the program or mint), the token
   * accounts of the program that `matches` keeps, sorted by address, encoded as asked.
   */
  function listTokenAccounts(params: readonly unknown[], what: string, matches: (data: Uint8Array, key: Uint8Array) => boolean) {
    const keyParam = requireParam(params, 0, `a ${what} pubkey`)
    const filterParam = toTokenAccountsFilter(requireParam(params, 1, 'a token accounts filter'))
    const config = toConfigParam(params[2])
    const encoding = getTokenAccountEncoding(config)
    const slice = getDataSlice(config)
    const key = toAddressBytes(toAddressParam(keyParam))
    const filter = { kind: filterParam.kind, address: toAddressParam(filterParam.value) }
    const state = readStateAt(chain, config)
    const { program, mint } = getProgramAndMint(state, filter)
    const mintBytes = mint === null ? null : toAddressBytes(mint)
    const found: Array<{ pubkey: Address; bytes: Uint8Array; account: LocalAccount }> = []
    for (const { address, account } of state.getProgramAccounts(program)) {
      // LiteSVM keeps closed (zero-lamport) accounts; for clients they do not exist.
      if (account.lamports === 0n || !isValidTokenAccountData(account.data)) continue
      if (mintBytes !== null && !isKeyAt(account.data, 0, mintBytes)) continue
      if (matches(account.data, key)) found.push({ pubkey: address, bytes: toAddressBytes(address), account })
    }
    found.sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    if (encoding !== 'jsonParsed') {
      return toRpcResponse(
        state.slot,
        found.map(({ pubkey, account }) => ({ pubkey, account: toUiAccount(account, encoding, slice) })),
      )
    }
    // jsonParsed ignores dataSlice, and leaves out an account whose mint cannot be read (no decimals to parse with).
    const decimalsByMint = new Map<Address, number | null>()
    const value = []
    for (const { pubkey, account } of found) {
      const accountMint = fromAddressBytes(account.data.subarray(0, 32))
      let decimals = decimalsByMint.get(accountMint)
      if (decimals === undefined) {
        decimals = tryGetDecimals(state, accountMint)
        decimalsByMint.set(accountMint, decimals)
      }
      const parsed = decimals === null ? null : toParsedTokenAccount(account, decimals)
      if (parsed) value.push({ pubkey, account: parsed })
    }
    return toRpcResponse(state.slot, value)
  }

  function tryGetDecimals(state: ChainState, mint: Address): number | null {
    try {
      return getMintInfo(state, mint).decimals
    } catch {
      return null
    }
  }

  return {
    getTokenLargestAccounts(params) {
      const mint = toAddressParam(requireParam(params, 0, 'a mint'))
      const config = toConfigParam(params[1])
      const state = readStateAt(chain, config)
      const { program, decimals } = getMintInfo(state, mint)
      if (!isTokenProgram(program)) throw createInvalidParamsError('Invalid param: not a Token mint')
      // A mint's token accounts live under the mint's own program, as Agave looks them up.
      const mintBytes = toAddressBytes(mint)
      const holders = state
        .getProgramAccounts(program)
        .filter(({ account }) => account.lamports > 0n && isValidTokenAccountData(account.data) && isKeyAt(account.data, 0, mintBytes))
        .map(({ address, account }) => ({ address, amount: readU64(account.data, 64) }))
        .sort((a, b) => (a.amount === b.amount ? (a.address < b.address ? -1 : 1) : a.amount > b.amount ? -1 : 1))
        .slice(0, NUM_LARGEST_ACCOUNTS)
      return toRpcResponse(
        state.slot,
        holders.map(({ address, amount }) => {
          const uiAmountString = toUiAmountString(amount, decimals)
          return { address, amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
        }),
      )
    },

    getTokenAccountsByOwner(params) {
      return listTokenAccounts(params, 'owner', (data, owner) => isKeyAt(data, OWNER_OFFSET, owner))
    },

    getTokenAccountsByDelegate(params) {
      // The delegate's COption tag is a u32: 1 (Some) then the key.
      return listTokenAccounts(
        params,
        'delegate',
        (data, delegate) => readU32(data, DELEGATE_TAG_OFFSET) === 1 && isKeyAt(data, DELEGATE_OFFSET, delegate),
      )
    },
  }
}
