/**
 * getTokenAccountBalance and getTokenSupply, as Agave answers them (rpc.rs
 * `get_token_account_balance`, `get_token_supply`): a UiTokenAmount in the `{context, value}`
 * envelope, and its invalid-params answers for an account that is missing, not owned by a token
 * program, or does not unpack. Amounts are plain (no interest-bearing or scaled-UI adjustment).
 */
import type { Address } from '@solana/kit'
import type { LocalChain } from '../../chain.js'
import { fromAddressBytes } from '../../chain/local-account.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { requireParam, toAddressParam, toConfigParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'
import { isValidTokenAccountData } from '../token-account-data.js'
import { getMintDecimals, getMintInfo, isMintData, isTokenProgram } from '../token-mint.js'
import { toUiTokenAmountJson } from '../ui-token-amount.js'

const AMOUNT_OFFSET = 64
const SUPPLY_OFFSET = 36

function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

/** Creates the token amount methods. */
export function createTokenAmountMethods(chain: LocalChain): RpcMethods {
  function getAccount(address: Address) {
    const account = chain.getAccount(address)
    if (!account) throw createInvalidParamsError('Invalid param: could not find account')
    return account
  }

  return {
    getTokenAccountBalance(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      toConfigParam(params[1])
      const slot = chain.getSlot()
      const account = getAccount(address)
      if (!isTokenProgram(account.owner) || !isValidTokenAccountData(account.data)) {
        throw createInvalidParamsError('Invalid param: not a Token account')
      }
      const { decimals } = getMintInfo(chain, fromAddressBytes(account.data.subarray(0, 32)))
      return toRpcResponse(slot, toUiTokenAmountJson(readU64(account.data, AMOUNT_OFFSET), decimals))
    },

    getTokenSupply(params) {
      const mint = toAddressParam(requireParam(params, 0, 'a mint'))
      toConfigParam(params[1])
      const slot = chain.getSlot()
      const account = getAccount(mint)
      if (!isTokenProgram(account.owner)) throw createInvalidParamsError('Invalid param: not a Token mint')
      if (!isMintData(account.data)) throw createInvalidParamsError('Invalid param: mint could not be unpacked')
      return toRpcResponse(slot, toUiTokenAmountJson(readU64(account.data, SUPPLY_OFFSET), getMintDecimals(account.data)))
    },
  }
}
