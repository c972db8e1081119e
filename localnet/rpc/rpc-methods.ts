/** Every Solana JSON-RPC method the localnet serves, by name. */
import type { LocalChain } from '../chain.js'
import { createAccountMethods } from './methods/account-methods.js'
import { createBlockMethods } from './methods/block-methods.js'
import { createClusterMethods } from './methods/cluster-methods.js'
import { createEpochMethods } from './methods/epoch-methods.js'
import { createFeeMethods } from './methods/fee-methods.js'
import { createHistoryMethods } from './methods/history-methods.js'
import { createLeaderMethods } from './methods/leader-methods.js'
import { createNodeMethods } from './methods/node-methods.js'
import { createPerformanceMethods } from './methods/performance-methods.js'
import { createSignatureMethods } from './methods/signature-methods.js'
import { createTokenAmountMethods } from './methods/token-amount-methods.js'
import { createTokenMethods } from './methods/token-methods.js'
import { createTransactionMethods } from './methods/transaction-methods.js'
import { createValidatorMethods, type NodeAddresses } from './methods/validator-methods.js'
import type { RpcMethods } from './rpc-method.js'
import type { SendIngress } from './send-ingress.js'

const UNLISTED: NodeAddresses = () => ({ rpc: null, pubsub: null })

/**
 * Creates the method table served over the chain; sendTransaction goes through `sends`;
 * getClusterNodes names this node's RPC and PubSub addresses from `nodeAddresses`.
 */
export function createRpcMethods(chain: LocalChain, sends: SendIngress, nodeAddresses: NodeAddresses = UNLISTED): RpcMethods {
  return Object.freeze({
    ...createAccountMethods(chain),
    ...createBlockMethods(chain),
    ...createClusterMethods(chain),
    ...createEpochMethods(chain),
    ...createFeeMethods(chain),
    ...createHistoryMethods(chain),
    ...createLeaderMethods(chain),
    ...createNodeMethods(chain),
    ...createPerformanceMethods(chain),
    ...createSignatureMethods(chain),
    ...createTokenAmountMethods(chain),
    ...createTokenMethods(chain),
    ...createTransactionMethods(chain, sends),
    ...createValidatorMethods(chain, nodeAddresses),
  })
}
