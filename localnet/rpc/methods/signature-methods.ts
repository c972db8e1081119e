/** getSignatureStatuses and requestAirdrop. */
import type { LocalChain } from '../../chain.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { getBooleanOption, requireParam, toAddressParam, toArrayParam, toConfigParam, toSignatureParam, toU64Param } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'

/** Agave's limit on getSignatureStatuses signatures. */
const MAX_SIGNATURE_STATUSES = 256

/** Creates the signature methods. */
export function createSignatureMethods(chain: LocalChain): RpcMethods {
  return {
    getSignatureStatuses(params) {
      const signatures = toArrayParam(requireParam(params, 0, 'an array of signatures'), MAX_SIGNATURE_STATUSES).map(toSignatureParam)
      // Agave reads its status cache, and its ledger too when asked; localnet keeps one bounded
      // store for both, so the flag is checked (a boolean) and changes nothing.
      getBooleanOption(toConfigParam(params[1]), 'searchTransactionHistory', false)
      return toRpcResponse(
        chain.getSlot(),
        signatures.map((signature) => {
          const status = chain.getSignatureStatus(signature)
          if (!status) return null
          // Processed (0 confirmations) in the open slot, confirmed once the next block opens,
          // finalized (confirmations null) finalitySlots later: Agave's shape for each.
          const { status: confirmationStatus, confirmations } = chain.getCommitment(status.slot)
          return {
            slot: status.slot,
            confirmations,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            err: status.err,
            confirmationStatus,
          }
        }),
      )
    },

    requestAirdrop(params) {
      const address = toAddressParam(requireParam(params, 0, 'a pubkey and lamports'))
      const lamports = toU64Param(requireParam(params, 1, 'a pubkey and lamports'))
      toConfigParam(params[2])
      try {
        return chain.airdrop(address, lamports)
      } catch (cause) {
        throw createInvalidParamsError(`Invalid params: ${(cause as Error).message}`)
      }
    },
  }
}
