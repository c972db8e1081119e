/**
 * The floor benchmark's transactions: many distinct unsigned v0 transactions over localnet's demo
 * state, so that no two requests in a row carry the same bytes. Only the amount changes: the
 * accounts stay the demo ones the engine holds warm, since a new recipient would be a cold
 * account fetch (another benchmark, bench/load/cold-run.ts), not the hot path.
 */
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferInstruction } from '@solana-program/token'
import { DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { asSigner, buildV0 } from '../load/mix-transactions.js'

/** The three kinds, in turn: what the engine must answer for each. */
export const TRANSACTION_KINDS = [
  { name: 'sol-transfer', success: true, failureCode: null },
  { name: 'spl-transfer', success: true, failureCode: null },
  { name: 'failing-spl-transfer', success: false, failureCode: 'insufficient_token_balance' },
] as const

export type TransactionKind = (typeof TRANSACTION_KINDS)[number]

export interface UniqueTransaction {
  kind: TransactionKind
  bytes: Uint8Array
  base64: string
}

/** Transaction `index`: kind `index % 3`, amount growing with `index` (all distinct). */
function buildTransaction(index: number, blockhash: string): UniqueTransaction {
  const kind = TRANSACTION_KINDS[index % TRANSACTION_KINDS.length] as TransactionKind
  const step = BigInt(Math.floor(index / TRANSACTION_KINDS.length) + 1)
  let bytes: Uint8Array
  if (kind.name === 'sol-transfer') {
    const [payer, recipient] = [DEMO_WALLETS[1], DEMO_WALLETS[2]]
    bytes = buildV0(payer, blockhash, [
      getTransferSolInstruction({ source: asSigner(payer), destination: recipient, amount: 1_000n + step }),
    ])
  } else {
    // Account 2 holds the least: one base unit over its balance fails, whatever the step adds.
    const [from, to, owner, amount] =
      kind.name === 'spl-transfer'
        ? [DEMO_TOKEN_ACCOUNTS[0], DEMO_TOKEN_ACCOUNTS[1], DEMO_WALLETS[0], step]
        : [DEMO_TOKEN_ACCOUNTS[2], DEMO_TOKEN_ACCOUNTS[0], DEMO_WALLETS[2], DEMO_TOKEN_AMOUNTS[2] + step]
    bytes = buildV0(owner, blockhash, [getTransferInstruction({ source: from, destination: to, authority: asSigner(owner), amount })])
  }
  return { kind, bytes, base64: Buffer.from(bytes).toString('base64') }
}

/** `count` distinct transactions on `blockhash` (the service replaces it with the latest). */
export function createUniqueTransactions(count: number, blockhash: string): UniqueTransaction[] {
  return Array.from({ length: count }, (_, index) => buildTransaction(index, blockhash))
}
