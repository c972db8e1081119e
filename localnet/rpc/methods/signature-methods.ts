/** getSignatureStatuses and requestAirdrop. */
import type { LocalChain } from '../../chain.js'
import { createInvalidParamsError } from '../json-rpc-error.js'
import { requireParam, toAddressParam, toArrayParam, toConfigParam, toSignatureParam, toU64Param } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'

/** Agave's limit on getSignatureStatuses signatures. */
const MAX_SIGNATURE_STATUSES = 256

/** Creates the signature methods. */
export function createSignatureMethods(chain: LocalChain): RpcMethods {
  return {
    getSignatureStatuses(params) {
      const signatures = toArrayParam(requireParam(params, 0, 'an array of signatures'), MAX_SIGNATURE_STATUSES).map(toSignatureParam)
      toConfigParam(params[1])
      return toRpcResponse(
        chain.getSlot(),
        signatures.map((signature) => {
          const status = chain.getSignatureStatus(signature)
          if (!status) return null
          // The localnet has no forks: whatever landed is final at once, which Agave reports
          // as confirmations null with status "finalized".
          return {
            slot: status.slot,
            confirmations: null,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            err: status.err,
            confirmationStatus: 'finalized',
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
