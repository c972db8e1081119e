/**
 * What bots and wallets ask of the cluster as a whole, in Agave's shapes (anza-xyz/agave
 * rpc/src/rpc.rs), with a single-validator cluster's truthful values:
 * - getSupply, getLargestAccounts: summed over every account (chain/all-accounts.ts). localnet
 *   mints airdrops at will and locks nothing, so the whole supply circulates: nonCirculating 0.
 * - getVoteAccounts: localnet runs no votes and no stake: no vote account, current or delinquent.
 * - getClusterNodes: one node per leader identity; the first is this node, with its RPC and
 *   PubSub addresses; none has gossip, TPU or repair ports (localnet takes transactions over RPC).
 * - getStakeMinimumDelegation: what the stake program of LiteSVM's runtime answers its
 *   GetMinimumDelegation instruction (1 SOL: its feature set raises the minimum; mainnet's is 1
 *   lamport); test/localnet/rpc-cluster-methods.test.ts asks the program and compares.
 * - getHighestSnapshotSlot: localnet takes no snapshots: -32008 "No snapshot", as Agave answers
 *   without one.
 */
import type { LocalChain } from '../../chain.js'
import { readAllAccounts } from '../../chain/all-accounts.js'
import { createInvalidParamsError, createJsonRpcError } from '../json-rpc-error.js'
import { assertMinContextSlot, getBooleanOption, toAddressParam, toConfigParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'
import { LOCALNET_FEATURE_SET, LOCALNET_SOLANA_CORE_VERSION, toRpcResponse } from '../rpc-response.js'

/** rpc.rs: getLargestAccounts answers the 20 largest. */
const LARGEST_ACCOUNTS = 20
/** LiteSVM's stake program's GetMinimumDelegation answer, in lamports. */
export const STAKE_MINIMUM_DELEGATION = 1_000_000_000n
/** rpc_custom_error.rs JSON_RPC_SERVER_ERROR_NO_SNAPSHOT. */
const JSON_RPC_SERVER_ERROR_NO_SNAPSHOT = -32008

/** Where this node listens, once it does (`host:port`), for getClusterNodes. */
export type NodeAddresses = () => { rpc: string | null; pubsub: string | null }

export function createValidatorMethods(chain: LocalChain, nodeAddresses: NodeAddresses): RpcMethods {
  return {
    getSupply(params) {
      const config = toConfigParam(params[0])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      getBooleanOption(config, 'excludeNonCirculatingAccountsList', false)
      let total = 0n
      for (const { account } of readAllAccounts(chain)) total += account.lamports
      return toRpcResponse(slot, { total, circulating: total, nonCirculating: 0n, nonCirculatingAccounts: [] })
    },

    getLargestAccounts(params) {
      const config = toConfigParam(params[0])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      const filter = config.filter
      if (filter !== undefined && filter !== null && filter !== 'circulating' && filter !== 'nonCirculating') {
        throw createInvalidParamsError(
          `Invalid params: unknown variant \`${JSON.stringify(filter)}\`, expected \`circulating\` or \`nonCirculating\`.`,
        )
      }
      // Nothing is non-circulating here.
      if (filter === 'nonCirculating') return toRpcResponse(slot, [])
      const largest = readAllAccounts(chain)
        .sort((a, b) => (a.account.lamports === b.account.lamports ? 0 : a.account.lamports > b.account.lamports ? -1 : 1))
        .slice(0, LARGEST_ACCOUNTS)
        .map(({ address, account }) => ({ lamports: account.lamports, address }))
      return toRpcResponse(slot, largest)
    },

    getVoteAccounts(params) {
      const config = toConfigParam(params[0])
      assertMinContextSlot(config, chain.getSlot())
      if (config.votePubkey !== undefined && config.votePubkey !== null) toAddressParam(config.votePubkey)
      return { current: [], delinquent: [] }
    },

    getClusterNodes() {
      const self = nodeAddresses()
      return chain.leaders.map((pubkey, index) => {
        const local = index === 0
        return {
          pubkey,
          gossip: null,
          tvu: null,
          tpu: null,
          tpuQuic: null,
          tpuForwards: null,
          tpuForwardsQuic: null,
          tpuVote: null,
          serveRepair: null,
          rpc: local ? self.rpc : null,
          pubsub: local ? self.pubsub : null,
          version: LOCALNET_SOLANA_CORE_VERSION,
          featureSet: LOCALNET_FEATURE_SET,
          shredVersion: 0,
        }
      })
    },

    getStakeMinimumDelegation(params) {
      const config = toConfigParam(params[0])
      const slot = chain.getSlot()
      assertMinContextSlot(config, slot)
      return toRpcResponse(slot, STAKE_MINIMUM_DELEGATION)
    },

    getHighestSnapshotSlot() {
      throw createJsonRpcError(JSON_RPC_SERVER_ERROR_NO_SNAPSHOT, 'No snapshot')
    },
  }
}
