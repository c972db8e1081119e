/**
 * What a venue gives the sandwich fork: the attacker's two swaps around a user's swap, built from
 * the user's own instruction (the same program, pool and pool accounts, with the user's signer
 * and token accounts replaced by the attacker's), and the program's errors that mean "refused at
 * the swap's own bound". One file per venue in this folder; sandwich-swaps.ts lists them.
 */
import { isSameKey } from '../../swaps/instruction-bytes.js'
import type { DecodedSwap } from '../../swaps/swap-types.js'
import type { InstructionAccount } from '../attacker-transaction.js'

export interface AttackerAccounts {
  /** The attacker's wallet: fee payer and swap authority. */
  payer: Uint8Array
  /** Its token account of the user's input mint. */
  input: Uint8Array
  /** Its token account of the user's output mint. */
  output: Uint8Array
}

/** The user's swap instruction as the message has it. */
export interface UserSwapInstruction {
  program: Uint8Array
  accounts: readonly Uint8Array[]
  writable: readonly boolean[]
  data: Uint8Array
  /** The transaction's signers (their accounts become the attacker's wallet). */
  signers: readonly Uint8Array[]
  blockhash: Uint8Array
}

/** Reads an account of the fork as the previous transactions left it. */
export type ForkReader = (key: Uint8Array) => Uint8Array | undefined

export interface SandwichSwaps {
  /** Pays `amount` of the user's input token in the user's direction, with no minimum. */
  frontRun(amount: bigint): Uint8Array
  /** Pays `amount` of the output token back the other way, with no minimum; built after the user's transaction ran, from the pool as it left it. */
  backRun(amount: bigint, read: ForkReader): Uint8Array
}

/** The wire bytes of an attacker transaction running the user's program with these accounts and data. */
export type AttackerTransactionBuilder = (accounts: readonly InstructionAccount[], data: Uint8Array) => Uint8Array

export interface SandwichVenue {
  /** The program's custom error codes for a swap refused at its own bound (minimum output / maximum input). */
  boundErrors: ReadonlySet<number>
  /**
   * The two swaps around `user`, whose accounts `accounts` already are the attacker's
   * (toAttackerAccounts); null for an instruction of the venue this does not build.
   */
  build(
    swap: DecodedSwap,
    user: UserSwapInstruction,
    accounts: InstructionAccount[],
    build: AttackerTransactionBuilder,
  ): SandwichSwaps | null
}

export function writeU64(data: Uint8Array, offset: number, value: bigint): void {
  for (let i = 0; i < 8; i++) data[offset + i] = Number((value >> BigInt(8 * i)) & 0xffn)
}

export function writeU128(data: Uint8Array, offset: number, value: bigint): void {
  writeU64(data, offset, value & 0xffff_ffff_ffff_ffffn)
  writeU64(data, offset + 8, value >> 64n)
}

/** `accounts` with the entries at each pair of indexes swapped (a back-run naming input and output the other way round). */
export function swapPairs(accounts: readonly InstructionAccount[], pairs: ReadonlyArray<readonly [number, number]>): InstructionAccount[] {
  const out = [...accounts]
  for (const [a, b] of pairs) {
    out[a] = accounts[b] as InstructionAccount
    out[b] = accounts[a] as InstructionAccount
  }
  return out
}

function isSigner(user: UserSwapInstruction, key: Uint8Array): boolean {
  for (const signer of user.signers) if (isSameKey(signer, key)) return true
  return false
}

/** The user's accounts with the user's wallet and token accounts replaced by the attacker's. */
export function toAttackerAccounts(user: UserSwapInstruction, swap: DecodedSwap, attacker: AttackerAccounts): InstructionAccount[] {
  return user.accounts.map((key, k) => {
    if (isSigner(user, key)) return { key: attacker.payer, writable: true }
    if (swap.userSource !== null && isSameKey(key, swap.userSource)) return { key: attacker.input, writable: true }
    if (swap.userDestination !== null && isSameKey(key, swap.userDestination)) return { key: attacker.output, writable: true }
    return { key, writable: user.writable[k] === true }
  })
}
