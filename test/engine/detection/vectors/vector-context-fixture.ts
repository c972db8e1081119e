/**
 * A VectorContext over a real transaction (built with kit, decoded by the engine's own decoder)
 * with the before/after state a test sets: for the paths no program on this machine can drive
 * through a simulation (a CPI moving a signer's assets needs a program binary that does it).
 */
import { getComputeBudget } from '../../../../engine/hot-path/decode/compute-budget.js'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { getTransactionFee } from '../../../../engine/detection/fees/transaction-fee.js'
import type { PostAccount } from '../../../../engine/hot-path/svm/post-accounts.js'
import { getCallTree } from '../../../../engine/hot-path/svm/call-tree.js'
import { type AccountKey, fromBase58Address, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { createAddressNamer } from '../../../../engine/hot-path/state/address-names.js'
import type { AccountEntry } from '../../../../engine/hot-path/state/cached-account.js'
import type { VectorContext } from '../../../../engine/detection/vectors/vector-context.js'
import { resolveAccountKeys } from '../../../../engine/hot-path/decode/account-keys.js'

export interface ContextState {
  /** Pre-state per address (base58); absent addresses do not exist. */
  entries?: Record<string, { lamports: bigint; data: Uint8Array; owner: Uint8Array; executable: boolean; rentEpoch: bigint }>
  post?: Record<string, { lamports: bigint; owner: Uint8Array; data: Uint8Array }>
  balanceChanges?: VectorContext['balanceChanges']
  tokenDeltas?: VectorContext['tokenDeltas']
  success?: boolean
  logs?: string[]
}

/** A context over `bytes` with the given state; with lookup tables only the static keys are known, as in the engine. */
export function createTestContext(bytes: Uint8Array, state: ContextState = {}): VectorContext {
  const tx = decodeWireTransaction(bytes)
  const resolved = resolveAccountKeys(tx, () => undefined)
  const staticKeys = Array.from({ length: tx.staticKeyCount }, (_, i) => tx.bytes.subarray(tx.staticKeysOffset + 32 * i))
  const rawKeys = resolved.ok ? resolved.keys : staticKeys
  const keys = rawKeys.map((key) => toAccountKey(key))
  const name = createAddressNamer(1_000)
  const entries: AccountEntry[] = keys.map((key) => {
    const found = state.entries?.[name(key)]
    const base = { key, version: 1, confirmedAtMs: 0, slot: 1 }
    return found ? ({ ...found, ...base, exists: true, native: undefined } as AccountEntry) : { ...base, exists: false }
  })
  const post = new Map<AccountKey, PostAccount>()
  for (const key of keys) {
    const after = state.post?.[name(key)]
    if (after) post.set(key, { lamports: () => after.lamports, owner: () => after.owner, data: () => after.data })
  }
  const budget = getComputeBudget(tx)
  const logs = state.logs ?? []
  return {
    tx,
    keys,
    rawKeys,
    keysResolved: resolved.ok,
    writable: resolved.ok ? resolved.writable : [],
    signerCount: tx.numRequiredSignatures,
    entries,
    post,
    success: state.success ?? true,
    failure: null,
    computeUnits: 1_000,
    suggestedComputeLimit: 2_000,
    logs,
    callTree: getCallTree(logs),
    balanceChanges: state.balanceChanges ?? [],
    // The engine fills both from one pass; a test that states token rows gets their raw form too.
    tokenDeltas:
      state.tokenDeltas ??
      (state.balanceChanges ?? [])
        .filter((change) => change.mint !== null && change.owner !== null)
        .map((change) => ({
          index: keys.findIndex((key) => name(key) === change.account),
          mint: fromBase58Address(change.mint as string),
          owner: fromBase58Address(change.owner as string),
          pre: BigInt(change.pre),
          post: BigInt(change.post),
        })),
    fee: getTransactionFee(tx, budget),
    budget,
    priorityFees: { fees: { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }, source: 'rpc' },
    name,
    slot: 1,
    epoch: 0n,
    unixTimestamp: 1_700_000_000n,
    tenantId: undefined,
    deadline: Number.POSITIVE_INFINITY,
    getInnerInstructions: () => [],
    memo: new Map(),
  }
}
