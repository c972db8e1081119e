/**
 * The recorded mainnet transactions as the engine sees them: wire bytes decoded with the engine's
 * own decoder, each top-level instruction with its program id and accounts (accounts that come
 * from lookup tables are undefined: the tables are not in the fixtures), and the token balance
 * deltas the chain recorded.
 */
import { readFileSync } from 'node:fs'
import { type WireTransaction, decodeWireTransaction, getStaticKey } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { toBase58Address, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { MAINNET_TRANSACTIONS_DIR, readMainnetFixtures } from '../../hot-path/decode/mainnet-fixtures.js'

export interface FixtureInstruction {
  index: number
  programId: Uint8Array
  data: Uint8Array
  accounts: Array<Uint8Array | undefined>
}

interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  uiTokenAmount: { amount: string }
}

interface InnerInstruction {
  programIdIndex: number
  accounts: number[]
  data: string
}

export interface SwapFixture {
  name: string
  tx: WireTransaction
  instructions: FixtureInstruction[]
  /** Full account list as the chain resolved it (static keys, then loaded writable, then loaded readonly). */
  accountKeys: string[]
  /** Token balance change per account address, post − pre, with the account's mint. */
  tokenDeltas: Map<string, { mint: string; delta: bigint }>
  /** Inner instructions per top-level index, as recorded (base58 data). */
  innerInstructions: Map<number, InnerInstruction[]>
}

function toAccounts(tx: WireTransaction, indexes: Uint8Array): Array<Uint8Array | undefined> {
  return [...indexes].map((i) => (i < tx.staticKeyCount ? getStaticKey(tx, i) : undefined))
}

/** The fixture named `prefix` (JSON1 …), decoded. */
export function readSwapFixture(prefix: string): SwapFixture {
  const fixture = readMainnetFixtures().find((f) => f.name.startsWith(prefix))
  if (fixture === undefined) throw new Error(`no fixture ${prefix}`)
  const tx = decodeWireTransaction(fixture.bytes)
  const instructions = tx.instructions.map((instruction, index) => ({
    index,
    programId: getStaticKey(tx, instruction.programIdIndex),
    data: instruction.data,
    accounts: toAccounts(tx, instruction.accountIndexes),
  }))
  const raw = JSON.parse(readFileSync(new URL(fixture.name, MAINNET_TRANSACTIONS_DIR), 'utf8')) as {
    result: {
      meta: {
        preTokenBalances: TokenBalance[]
        postTokenBalances: TokenBalance[]
        loadedAddresses?: { writable: string[]; readonly: string[] }
        innerInstructions: Array<{ index: number; instructions: InnerInstruction[] }>
      }
      transaction: { message: { accountKeys: string[] } }
    }
  }
  const meta = raw.result.meta
  const accountKeys = [
    ...raw.result.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  const tokenDeltas = new Map<string, { mint: string; delta: bigint }>()
  for (const balance of meta.postTokenBalances) {
    tokenDeltas.set(accountKeys[balance.accountIndex]!, { mint: balance.mint, delta: BigInt(balance.uiTokenAmount.amount) })
  }
  for (const balance of meta.preTokenBalances) {
    const key = accountKeys[balance.accountIndex]!
    const post = tokenDeltas.get(key)?.delta ?? 0n
    tokenDeltas.set(key, { mint: balance.mint, delta: post - BigInt(balance.uiTokenAmount.amount) })
  }
  const innerInstructions = new Map(meta.innerInstructions.map((inner) => [inner.index, inner.instructions]))
  return { name: fixture.name, tx, instructions, accountKeys, tokenDeltas, innerInstructions }
}

/** The base58 address of a 32-byte key (test-side convenience). */
export function toAddress(key: Uint8Array | null | undefined): string | null {
  return key === null || key === undefined ? null : toBase58Address(toAccountKey(key))
}
