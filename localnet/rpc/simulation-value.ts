/**
 * The `value` of simulateTransaction (and the `data` of a failed preflight) in Agave's shape:
 * {err, logs, accounts, unitsConsumed, returnData, innerInstructions, replacementBlockhash, fee,
 * preBalances, postBalances, preTokenBalances, postTokenBalances, loadedAddresses}; the last six
 * null when the transaction was refused before it ran (an unknown blockhash).
 */
import { getBase58Decoder } from '@solana/kit'
import type { SimulatedBalances } from '../chain.js'
import type { BlockhashEntry } from '../chain/blockhash-window.js'
import type { ExecutionResult } from '../chain/execution-result.js'
import type { LocalAccount } from '../chain/local-account.js'
import { toUiAccount } from './ui-account.js'
import { toUiTokenBalance } from './ui-transaction-meta.js'

const base58 = getBase58Decoder()

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/** Converts a chain result to the JSON value Solana nodes answer. */
export function toSimulationValue(
  result: ExecutionResult,
  extra: {
    accounts?: ReadonlyArray<LocalAccount | null> | null
    replacementBlockhash?: BlockhashEntry | null
    balances?: SimulatedBalances | null
  } = {},
) {
  const replacement = extra.replacementBlockhash
  const balances = extra.balances ?? null
  return {
    err: result.err,
    logs: result.logs,
    accounts: extra.accounts ? extra.accounts.map((account) => (account ? toUiAccount(account, 'base64') : null)) : null,
    unitsConsumed: result.unitsConsumed,
    returnData: result.returnData ? { programId: result.returnData.programId, data: [toBase64(result.returnData.data), 'base64'] } : null,
    innerInstructions: result.innerInstructions
      ? result.innerInstructions.map((group) => ({
          index: group.index,
          instructions: group.instructions.map((inner) => ({
            programIdIndex: inner.programIdIndex,
            accounts: inner.accounts,
            data: base58.decode(inner.data),
            stackHeight: inner.stackHeight,
          })),
        }))
      : null,
    replacementBlockhash: replacement ? { blockhash: replacement.blockhash, lastValidBlockHeight: replacement.lastValidBlockHeight } : null,
    fee: balances ? balances.fee : null,
    preBalances: balances ? balances.preBalances : null,
    postBalances: balances ? balances.postBalances : null,
    preTokenBalances: balances ? balances.preTokenBalances.map(toUiTokenBalance) : null,
    postTokenBalances: balances ? balances.postTokenBalances.map(toUiTokenBalance) : null,
    loadedAddresses: balances ? balances.loadedAddresses : null,
  }
}
