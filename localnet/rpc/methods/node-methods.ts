/**
 * What the node says of itself: getGenesisHash (a fixed hash of localnet's own, never mainnet's,
 * so no client takes it for mainnet), getIdentity (the first leader, the identity getSlotLeader
 * names) and getTransactionCount (transactions landed since the chain started).
 */
import { createHash } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import type { LocalChain } from '../../chain.js'
import { assertMinContextSlot, toConfigParam } from '../params.js'
import type { RpcMethods } from '../rpc-method.js'

/** sha256("localnet-genesis") in base58: the same on every run and every machine. */
export const LOCALNET_GENESIS_HASH = getBase58Decoder().decode(createHash('sha256').update('localnet-genesis').digest())

/** Creates the node methods. */
export function createNodeMethods(chain: LocalChain): RpcMethods {
  return {
    getGenesisHash: () => LOCALNET_GENESIS_HASH,
    getIdentity: () => ({ identity: chain.identity }),
    getTransactionCount(params) {
      assertMinContextSlot(toConfigParam(params[0]), chain.getSlot())
      return chain.getTransactionCount()
    },
  }
}
