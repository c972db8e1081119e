/**
 * The block engine's sendTransaction (`/api/v1/transactions`): a proxy to the cluster's
 * sendTransaction that always skips preflight, as Jito's does. With `?bundleOnly=true` the
 * transaction goes only as a one-transaction bundle instead (revert protection: it lands only if
 * it succeeds), and the answer carries the bundle's id in the `x-bundle-id` header.
 */
import type { LocalChain } from '../chain.js'
import { requireParam, toConfigParam } from '../rpc/params.js'
import type { RpcMethod } from '../rpc/rpc-method.js'
import { getTransactionEncoding } from '../rpc/wire-transaction.js'
import type { BundleIntake } from './bundle-intake.js'
import type { RelayMethods } from './relay-method.js'
import { toSignedTransaction } from './signed-transaction.js'

/** Creates sendTransaction over the intake (bundleOnly) and localnet RPC's own sendTransaction. */
export function createTransactionMethod(options: {
  chain: Pick<LocalChain, 'hasValidSignatures'>
  intake: BundleIntake
  /** localnet RPC's sendTransaction: counted by the send ingress, subject to LOCALNET_DROP_RATE. */
  sendTransaction: RpcMethod
}): RelayMethods {
  const { chain, intake } = options
  return {
    sendTransaction(params, context) {
      const config = toConfigParam(params[1])
      const encoded = requireParam(params, 0, 'an encoded transaction')
      const transaction = toSignedTransaction(chain, encoded, getTransactionEncoding(config), 'the transaction')
      if (context.query.get('bundleOnly') === 'true') {
        context.setHeader('x-bundle-id', intake.submit([transaction]))
        return transaction.signature
      }
      return options.sendTransaction([encoded, { ...config, skipPreflight: true }])
    },
  }
}
