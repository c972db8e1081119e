/** getAccountInfo, getMultipleAccounts, getBalance. */
import type { LocalChain } from '../../chain.js'
import {
  assertMinContextSlot,
  requireParam,
  toAddressParam,
  toArrayParam,
  toConfigParam,
} from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'
import { getAccountEncoding, getDataSlice, toUiAccount } from '../ui-account.js'

/** Agave's limit on getMultipleAccounts keys. */
const MAX_MULTIPLE_ACCOUNTS = 100

/** Creates the account read methods. */
export function createAccountMethods(chain: LocalChain): RpcMethods {
  return {
    getAccountInfo(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      const config = toConfigParam(params[1])
      const encoding = getAccountEncoding(config)
      const slice = getDataSlice(config)
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      const account = chain.getAccount(address)
      return toRpcResponse(slot, account ? toUiAccount(account, encoding, slice) : null)
    },

    getMultipleAccounts(params) {
      const addresses = toArrayParam(requireParam(params, 0, 'an array of pubkeys'), MAX_MULTIPLE_ACCOUNTS).map(
        toAddressParam,
      )
      const config = toConfigParam(params[1])
      const encoding = getAccountEncoding(config)
      const slice = getDataSlice(config)
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      return toRpcResponse(
        slot,
        addresses.map((address) => {
          const account = chain.getAccount(address)
          return account ? toUiAccount(account, encoding, slice) : null
        }),
      )
    },

    getBalance(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      const config = toConfigParam(params[1])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      return toRpcResponse(slot, chain.getAccount(address)?.lamports ?? 0n)
    },
  }
}
