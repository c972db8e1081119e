/**
 * The block engine's bundle methods as Jito documents them: sendBundle, getBundleStatuses,
 * getInflightBundleStatuses and getTipAccounts. One localnet extension: getBundleStatuses also
 * answers a bundle that failed (Jito answers null for it), with `confirmation_status` null and
 * `err: {"Err": <the failing transaction's error>}`, so that a client can see why.
 */
import type { LocalChain } from '../chain.js'
import { createInvalidParamsError } from '../rpc/json-rpc-error.js'
import { requireParam, toConfigParam } from '../rpc/params.js'
import { getTransactionEncoding } from '../rpc/wire-transaction.js'
import type { BundleIntake } from './bundle-intake.js'
import type { BundleRecord, BundleStore } from './bundle-store.js'
import type { RelayMethods } from './relay-method.js'
import { toSignedTransaction } from './signed-transaction.js'
import { JITO_TIP_ACCOUNTS } from './tip-accounts.js'

/** Jito's limits: a bundle holds 1 to 5 transactions; a status call asks about 1 to 5 bundles. */
export const MAX_BUNDLE_TRANSACTIONS = 5
export const MAX_BUNDLE_IDS = 5

type InflightStatus = 'Invalid' | 'Pending' | 'Failed' | 'Landed'

function toBundleIds(params: readonly unknown[]): string[] {
  const ids = requireParam(params, 0, 'an array of bundle ids')
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BUNDLE_IDS) {
    const got = Array.isArray(ids) ? `${ids.length} ids` : 'no array'
    throw createInvalidParamsError(`Invalid params: expected an array of 1 to ${MAX_BUNDLE_IDS} bundle ids, got ${got}`)
  }
  return ids.map((id, index) => {
    if (typeof id !== 'string') throw createInvalidParamsError(`Invalid params: bundle id ${index} is not a string`)
    return id
  })
}

function toInflightStatus(record: BundleRecord | undefined): InflightStatus {
  if (!record) return 'Invalid'
  if (record.outcome === null) return 'Pending'
  return record.outcome.landed ? 'Landed' : 'Failed'
}

/** Creates the bundle methods over the chain, the accepted bundles and the intake. */
export function createBundleMethods(options: {
  chain: Pick<LocalChain, 'getSlot' | 'getCommitment' | 'hasValidSignatures'>
  store: BundleStore
  intake: BundleIntake
}): RelayMethods {
  const { chain, store, intake } = options
  return {
    sendBundle(params) {
      const encoded = requireParam(params, 0, 'an array of encoded transactions')
      if (!Array.isArray(encoded) || encoded.length === 0 || encoded.length > MAX_BUNDLE_TRANSACTIONS) {
        const got = Array.isArray(encoded) ? `${encoded.length} transactions` : 'no array'
        throw createInvalidParamsError(`Invalid params: a bundle holds 1 to ${MAX_BUNDLE_TRANSACTIONS} transactions, got ${got}`)
      }
      const encoding = getTransactionEncoding(toConfigParam(params[1]))
      const transactions = encoded.map((item, index) => toSignedTransaction(chain, item, encoding, `transaction ${index} of the bundle`))
      return intake.submit(transactions)
    },

    getBundleStatuses(params) {
      const ids = toBundleIds(params)
      return {
        context: { slot: chain.getSlot() },
        value: ids.map((bundleId) => {
          const record = store.get(bundleId)
          const outcome = record?.outcome
          if (!record || !outcome) return null
          return {
            bundle_id: bundleId,
            transactions: record.signatures,
            slot: outcome.slot,
            confirmation_status: outcome.landed ? chain.getCommitment(outcome.slot).status : null,
            err: outcome.landed ? { Ok: null } : { Err: outcome.err },
          }
        }),
      }
    },

    getInflightBundleStatuses(params) {
      const ids = toBundleIds(params)
      return {
        context: { slot: chain.getSlot() },
        value: ids.map((bundleId) => {
          const record = store.get(bundleId)
          const status = toInflightStatus(record)
          return { bundle_id: bundleId, status, landed_slot: record?.outcome?.landed ? record.outcome.slot : null }
        }),
      }
    },

    getTipAccounts(params) {
      if (params.length > 0) throw createInvalidParamsError('Invalid params: getTipAccounts takes no parameters')
      return [...JITO_TIP_ACCOUNTS]
    },
  }
}
