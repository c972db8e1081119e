/**
 * What the top-level instructions say, as evidence beside the simulated state: which instruction
 * touches an account first (a finding names it), the SOL and token transfers the signers sign
 * (their recipients, for the summary and the history checks), where closed token accounts send
 * their rent, the memo texts, and the durable nonce the transaction advances.
 */
import { readU32, readU64 } from '../../hot-path/decode/little-endian.js'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../hot-path/svm/well-known-programs.js'
import { getInstructionAccount, type VectorContext } from '../vectors/vector-context.js'

const MEMO_PROGRAMS = new Set([
  fromBase58Address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
  fromBase58Address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'),
])
const SYSTEM_CREATE_ACCOUNT = 0
const SYSTEM_TRANSFER = 2
const SYSTEM_ADVANCE_NONCE = 4
const SYSTEM_TRANSFER_WITH_SEED = 11
const TOKEN_TRANSFER = 3
const TOKEN_BURN = 8
const TOKEN_CLOSE_ACCOUNT = 9
const TOKEN_TRANSFER_CHECKED = 12
const TOKEN_BURN_CHECKED = 15
/** Memo text beyond this is not read: a link sits in the first lines of a lure. */
const MAX_MEMO_CHARS = 566

export interface LamportTransfer {
  from: AccountKey
  to: AccountKey
  lamports: bigint
  instructionIndex: number
}

/** A token Transfer or TransferChecked: which account pays which. */
export interface TokenTransfer {
  source: AccountKey
  destination: AccountKey
  amount: bigint
  instructionIndex: number
}

export interface InstructionEvidence {
  lamportTransfers: LamportTransfer[]
  /** Transfer and TransferChecked instructions (wrapped SOL paid on is followed as SOL: value-flows.ts). */
  tokenTransfers: TokenTransfer[]
  /** Token base units each token account sends or burns in instructions. */
  tokensOut: Map<AccountKey, bigint>
  /** Closed token account → where its lamports go. */
  closeDestinations: Map<AccountKey, { destination: AccountKey; instructionIndex: number }>
  memos: Array<{ text: string; instructionIndex: number }>
  /** The durable nonce advanced by the first instruction, if any. */
  nonce: { account: AccountKey; authority: AccountKey } | null
}

const decoder = new TextDecoder('utf-8', { fatal: false })

/**
 * The top-level instruction a finding about `account` points at: the first of `program` (the
 * account's owner program, whose instruction changes it) naming the account, else the first
 * naming it at all; null when none does (a CPI reached it). Looked up only for findings.
 */
export function findInstructionIndex(context: VectorContext, account: AccountKey, program?: AccountKey): number | null {
  const { tx, keys } = context
  let first: number | null = null
  for (let i = 0; i < tx.instructions.length; i++) {
    const { programIdIndex, accountIndexes } = tx.instructions[i]!
    let names = false
    for (let k = 0; k < accountIndexes.length && !names; k++) names = keys[accountIndexes[k]!] === account
    if (!names) continue
    if (program === undefined || keys[programIdIndex] === program) return i
    first ??= i
  }
  return first
}

/** Reads the evidence of the top-level instructions. */
export function getInstructionEvidence(context: VectorContext): InstructionEvidence {
  const { tx, keys } = context
  const evidence: InstructionEvidence = {
    lamportTransfers: [],
    tokenTransfers: [],
    tokensOut: new Map(),
    closeDestinations: new Map(),
    memos: [],
    nonce: null,
  }
  for (let i = 0; i < tx.instructions.length; i++) {
    const { programIdIndex, accountIndexes, data } = tx.instructions[i]!
    const program = keys[programIdIndex]
    if (program === SYSTEM_PROGRAM && data.length >= 4) {
      const tag = readU32(data, 0)
      if ((tag === SYSTEM_TRANSFER || tag === SYSTEM_CREATE_ACCOUNT) && data.length >= 12) {
        const from = getInstructionAccount(context, accountIndexes, 0)
        const to = getInstructionAccount(context, accountIndexes, 1)
        if (from !== undefined && to !== undefined)
          evidence.lamportTransfers.push({ from, to, lamports: readU64(data, 4), instructionIndex: i })
      } else if (tag === SYSTEM_TRANSFER_WITH_SEED && data.length >= 12) {
        const from = getInstructionAccount(context, accountIndexes, 0)
        const to = getInstructionAccount(context, accountIndexes, 2)
        if (from !== undefined && to !== undefined)
          evidence.lamportTransfers.push({ from, to, lamports: readU64(data, 4), instructionIndex: i })
      } else if (tag === SYSTEM_ADVANCE_NONCE && i === 0) {
        const account = getInstructionAccount(context, accountIndexes, 0)
        const authority = getInstructionAccount(context, accountIndexes, 2)
        if (account !== undefined && authority !== undefined) evidence.nonce = { account, authority }
      }
    } else if ((program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) && data.length >= 1) {
      const tag = data[0]
      if (
        (tag === TOKEN_TRANSFER || tag === TOKEN_TRANSFER_CHECKED || tag === TOKEN_BURN || tag === TOKEN_BURN_CHECKED) &&
        data.length >= 9
      ) {
        const source = getInstructionAccount(context, accountIndexes, 0)
        const amount = readU64(data, 1)
        if (source !== undefined) evidence.tokensOut.set(source, (evidence.tokensOut.get(source) ?? 0n) + amount)
        // Transfer: [source, destination, authority]; TransferChecked: [source, mint, destination, authority].
        const destinationAt = tag === TOKEN_TRANSFER ? 1 : tag === TOKEN_TRANSFER_CHECKED ? 2 : -1
        const destination = destinationAt < 0 ? undefined : getInstructionAccount(context, accountIndexes, destinationAt)
        if (source !== undefined && destination !== undefined)
          evidence.tokenTransfers.push({ source, destination, amount, instructionIndex: i })
      } else if (tag === TOKEN_CLOSE_ACCOUNT) {
        const account = getInstructionAccount(context, accountIndexes, 0)
        const destination = getInstructionAccount(context, accountIndexes, 1)
        if (account !== undefined && destination !== undefined)
          evidence.closeDestinations.set(account, { destination, instructionIndex: i })
      }
    } else if (program !== undefined && MEMO_PROGRAMS.has(program)) {
      evidence.memos.push({ text: decoder.decode(data.subarray(0, MAX_MEMO_CHARS * 4)).slice(0, MAX_MEMO_CHARS), instructionIndex: i })
    }
  }
  return evidence
}
