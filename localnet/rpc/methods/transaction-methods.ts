/**
 * sendTransaction and simulateTransaction, with Agave's preflight and error answers. Sends go
 * through the ingress (send-ingress.ts): counted, and a share dropped after preflight.
 */
import type { Address } from '@solana/kit'
import type { LocalChain } from '../../chain.js'
import { decodeTransactionFacts } from '../../chain/transaction-facts.js'
import { getTransactionErrorMessage } from '../../../lib/transaction-error.js'
import {
  JSON_RPC_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  JSON_RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  createInvalidParamsError,
  createJsonRpcError,
} from '../json-rpc-error.js'
import {
  assertMinContextSlot,
  getBooleanOption,
  requireParam,
  toAddressParam,
  toArrayParam,
  toConfigParam,
  type RpcConfig,
} from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { toRpcResponse } from '../rpc-response.js'
import type { SendIngress } from '../send-ingress.js'
import { toSimulationValue } from '../simulation-value.js'
import { decodeWireTransaction, getTransactionEncoding, toDeserializeError } from '../wire-transaction.js'

/** Agave's limit on simulateTransaction's accounts.addresses (a transaction's account lock limit). */
const MAX_SIMULATION_ACCOUNTS = 128

function readBytes(params: readonly unknown[], config: RpcConfig): Uint8Array {
  return decodeWireTransaction(requireParam(params, 0, 'an encoded transaction'), getTransactionEncoding(config))
}

function getAccountAddresses(config: RpcConfig): Address[] | undefined {
  const accounts = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined | null
  if (accounts === undefined || accounts === null) return undefined
  const encoding = accounts.encoding ?? 'base64'
  if (encoding === 'base58' || encoding === 'binary') throw createInvalidParamsError('base58 encoding not supported')
  if (encoding !== 'base64') {
    throw createInvalidParamsError(
      `Invalid params: encoding ${typeof encoding === 'string' ? encoding : JSON.stringify(encoding)} is not supported by localnet; use base64.`,
    )
  }
  return toArrayParam(accounts.addresses, MAX_SIMULATION_ACCOUNTS).map(toAddressParam)
}

/** Runs `run`, answering undecodable transaction bytes as Agave does. */
function withDecodeErrors<T>(run: () => T): T {
  try {
    return run()
  } catch (cause) {
    throw toDeserializeError(cause) ?? cause
  }
}

/** Creates the transaction methods. */
export function createTransactionMethods(chain: LocalChain, ingress: SendIngress): RpcMethods {
  return {
    sendTransaction(params) {
      ingress.countReceived()
      const config = toConfigParam(params[1])
      const bytes = readBytes(params, config)
      assertMinContextSlot(config, chain.getSlot())
      if (!getBooleanOption(config, 'skipPreflight', false)) {
        const preflight = withDecodeErrors(() => chain.simulate(bytes, { sigVerify: true, replaceRecentBlockhash: false }))
        if (preflight.err === 'SignatureFailure') {
          throw createJsonRpcError(JSON_RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
        }
        if (preflight.err !== null) {
          throw createJsonRpcError(
            JSON_RPC_SEND_TRANSACTION_PREFLIGHT_FAILURE,
            `Transaction simulation failed: ${getTransactionErrorMessage(preflight.err)}`,
            toSimulationValue(preflight, preflight),
          )
        }
      }
      // Like a real node, a transaction that passed (or skipped) preflight is answered with its
      // signature even if it then fails, or is lost on the way; its fate shows in getSignatureStatuses.
      if (ingress.isDropped()) {
        const { signature } = withDecodeErrors(() => decodeTransactionFacts(bytes))
        ingress.countDropped()
        return signature
      }
      const sent = withDecodeErrors(() => chain.send(bytes))
      if (sent.landed) ingress.countLanded()
      return sent.signature
    },

    simulateTransaction(params) {
      const config = toConfigParam(params[1])
      const bytes = readBytes(params, config)
      const sigVerify = getBooleanOption(config, 'sigVerify', false)
      const replaceRecentBlockhash = getBooleanOption(config, 'replaceRecentBlockhash', false)
      if (sigVerify && replaceRecentBlockhash) {
        throw createInvalidParamsError('sigVerify may not be used with replaceRecentBlockhash')
      }
      const accountAddresses = getAccountAddresses(config)
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      const result = withDecodeErrors(() =>
        chain.simulate(bytes, {
          sigVerify,
          replaceRecentBlockhash,
          innerInstructions: getBooleanOption(config, 'innerInstructions', false),
          ...(accountAddresses ? { accountAddresses } : {}),
        }),
      )
      if (sigVerify && result.err === 'SignatureFailure') {
        throw createJsonRpcError(JSON_RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure')
      }
      return toRpcResponse(slot, toSimulationValue(result, result))
    },
  }
}
