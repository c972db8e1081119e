/** getAccountInfo, getMultipleAccounts, getBalance, getProgramAccounts, each at its commitment (../commitment.ts). */
import type { LocalChain } from '../../chain.js'
import { toAddressBytes, type LocalAccount } from '../../chain/local-account.js'
import { readStateAt } from '../commitment.js'
import { getBooleanOption, requireParam, toAddressParam, toArrayParam, toConfigParam, toProgramAccountFilters } from '../params.js'
import { isProgramAccountAllowed } from '../program-account-filter.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'
import { getReadEncoding, toReadAccount } from '../parsed-account.js'
import { getDataSlice } from '../ui-account.js'

/** Agave's limit on getMultipleAccounts keys. */
const MAX_MULTIPLE_ACCOUNTS = 100

/** Creates the account read methods. */
export function createAccountMethods(chain: LocalChain): RpcMethods {
  return {
    getAccountInfo(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      const config = toConfigParam(params[1])
      const encoding = getReadEncoding(config)
      const slice = getDataSlice(config)
      const state = readStateAt(chain, config)
      const account = state.getAccount(address)
      return toRpcResponse(state.slot, account ? toReadAccount(account, encoding, slice, state.getAccount) : null)
    },

    getMultipleAccounts(params) {
      const addresses = toArrayParam(requireParam(params, 0, 'an array of pubkeys'), MAX_MULTIPLE_ACCOUNTS).map(toAddressParam)
      const config = toConfigParam(params[1])
      const encoding = getReadEncoding(config)
      const slice = getDataSlice(config)
      const state = readStateAt(chain, config)
      return toRpcResponse(
        state.slot,
        addresses.map((address) => {
          const account = state.getAccount(address)
          return account ? toReadAccount(account, encoding, slice, state.getAccount) : null
        }),
      )
    },

    getBalance(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      const config = toConfigParam(params[1])
      const state = readStateAt(chain, config)
      return toRpcResponse(state.slot, state.getAccount(address)?.lamports ?? 0n)
    },

    getProgramAccounts(params) {
      const program = toAddressParam(requireParam(params, 0, 'a program id'))
      const config = toConfigParam(params[1])
      const filters = toProgramAccountFilters(config.filters)
      const withContext = getBooleanOption(config, 'withContext', false)
      // Agave sorts by pubkey unless told not to; unsorted, it answers in index order.
      const sortResults = getBooleanOption(config, 'sortResults', true)
      const encoding = getReadEncoding(config)
      const slice = getDataSlice(config)
      const state = readStateAt(chain, config)
      const matches: Array<{ pubkey: string; key: Uint8Array; account: LocalAccount }> = []
      for (const { address, account } of state.getProgramAccounts(program)) {
        // LiteSVM keeps closed (zero-lamport) accounts; for clients they do not exist.
        if (account.lamports === 0n) continue
        if (filters.every((filter) => isProgramAccountAllowed(filter, account.data))) {
          matches.push({ pubkey: address, key: toAddressBytes(address), account })
        }
      }
      if (sortResults) matches.sort((a, b) => Buffer.compare(a.key, b.key))
      const value = matches.map(({ pubkey, account }) => ({ pubkey, account: toReadAccount(account, encoding, slice, state.getAccount) }))
      return withContext ? toRpcResponse(state.slot, value) : value
    },
  }
}
