/**
 * getTokenAccountBalance and getTokenSupply at their commitment, as Agave answers them (rpc.rs
 * `get_token_account_balance`, `get_token_supply`): a UiTokenAmount in the `{context, value}`
 * envelope, and its invalid-params answers for an account that is missing, not owned by a token
 * program, or does not unpack. Amounts are plain (no interest-bearing or scaled-UI adjustment).
 */
import type { Address } from '@solana/kit'
import type { ChainState, LocalChain } from '../../chain.js'
import { fromAddressBytes } from '../../chain/local-account.js'
import { readStateAt } from '../commitment.js'
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
  function getAccount(state: ChainState, address: Address) {
    const account = state.getAccount(address)
    if (!account) throw createInvalidParamsError('Invalid param: could not find account')
    return account
  }

  return {
    getTokenAccountBalance(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey'))
      const state = readStateAt(chain, toConfigParam(params[1]))
      const account = getAccount(state, address)
      if (!isTokenProgram(account.owner) || !isValidTokenAccountData(account.data)) {
        throw createInvalidParamsError('Invalid param: not a Token account')
      }
      const { decimals } = getMintInfo(state, fromAddressBytes(account.data.subarray(0, 32)))
      return toRpcResponse(state.slot, toUiTokenAmountJson(readU64(account.data, AMOUNT_OFFSET), decimals))
    },

    getTokenSupply(params) {
      const mint = toAddressParam(requireParam(params, 0, 'a mint'))
      const state = readStateAt(chain, toConfigParam(params[1]))
      const account = getAccount(state, mint)
      if (!isTokenProgram(account.owner)) throw createInvalidParamsError('Invalid param: not a Token mint')
      if (!isMintData(account.data)) throw createInvalidParamsError('Invalid param: mint could not be unpacked')
      return toRpcResponse(state.slot, toUiTokenAmountJson(readU64(account.data, SUPPLY_OFFSET), getMintDecimals(account.data)))
    },
  }
}
