/**
 * The `meta` of getTransaction in Agave's shape (UiTransactionStatusMeta): err, the legacy
 * status, fee, balances, inner instructions (compiled, or parsed for jsonParsed), logs, token
 * balances, rewards (none here: localnet collects no rent), loaded addresses (not in jsonParsed,
 * whose account keys carry them), return data (only when a program set some) and compute units.
 */
import { getBase58Decoder } from '@solana/kit'
import type { ChainTransactionEvent } from '../chain/chain-events.js'
import type { CompiledInnerInstruction } from '../chain/execution-result.js'
import type { LocalTokenBalance } from '../chain/token-balances.js'
import { getTransactionFeeLamports } from '../chain/transaction-fee.js'
import { toUiInstruction } from './parsed/ui-instruction.js'
import { toUiTokenAmountJson } from './ui-token-amount.js'

const base58 = getBase58Decoder()

/** A token balance as Agave's UiTransactionTokenBalance. */
export function toUiTokenBalance(balance: LocalTokenBalance) {
  const { amount, decimals } = balance.uiTokenAmount
  return {
    accountIndex: balance.accountIndex,
    mint: balance.mint,
    uiTokenAmount: toUiTokenAmountJson(BigInt(amount), decimals),
    owner: balance.owner,
    programId: balance.programId,
  }
}

function toUiCompiledInstruction(instruction: CompiledInnerInstruction) {
  return {
    programIdIndex: instruction.programIdIndex,
    accounts: instruction.accounts,
    data: base58.decode(instruction.data),
    stackHeight: instruction.stackHeight,
  }
}

/** The meta of a landed transaction; `parsed` for the jsonParsed encoding. */
export function toUiTransactionMeta(transaction: ChainTransactionEvent, parsed: boolean) {
  const { message, err, returnData } = transaction
  const keys = transaction.accountKeys
  return {
    err,
    status: err === null ? { Ok: null } : { Err: err },
    fee: getTransactionFeeLamports(message, transaction.priceMicroLamports),
    preBalances: transaction.preBalances,
    postBalances: transaction.postBalances,
    innerInstructions: transaction.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((instruction) =>
        parsed ? toUiInstruction(instruction, keys, instruction.stackHeight) : toUiCompiledInstruction(instruction),
      ),
    })),
    logMessages: transaction.logs,
    preTokenBalances: transaction.preTokenBalances.map(toUiTokenBalance),
    postTokenBalances: transaction.postTokenBalances.map(toUiTokenBalance),
    rewards: [],
    loadedAddresses: parsed ? undefined : { writable: message.loadedWritable, readonly: message.loadedReadonly },
    returnData: returnData
      ? { programId: returnData.programId, data: [Buffer.from(returnData.data).toString('base64'), 'base64'] }
      : undefined,
    computeUnitsConsumed: transaction.unitsConsumed,
  }
}
