/**
 * Streamed transactions in Yellowstone's shape that pay (or do not pay) relay tips, built by hand:
 * each account with its balance before and after, placed among the static keys, the loaded
 * writable or the loaded read-only addresses. Tip accounts are Jito's, as kit decodes them.
 */
import { createHash } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import type { GeyserTransactionUpdate } from '../../../../engine/hot-path/geyser/geyser-subscription.js'
import { JITO_TIP_ACCOUNTS } from '../../../helpers/stand-in-relay.js'

const base58 = getBase58Encoder()

/** Jito's tip accounts as raw keys. */
export const TIP_ACCOUNT_KEYS = JITO_TIP_ACCOUNTS.map((address) => new Uint8Array(base58.encode(address)))

/** A distinct 32-byte key per label (not a tip account). */
export function keyOf(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

export interface BalanceSpec {
  key: Uint8Array
  pre: bigint
  post: bigint
}

export interface TipUpdateSpec {
  slot: number
  /** Static account keys, the fee payer first. */
  accounts: BalanceSpec[]
  loadedWritable?: BalanceSpec[]
  loadedReadonly?: BalanceSpec[]
  isVote?: boolean
  failed?: boolean
}

let counter = 0

/** The update of one transaction as a Yellowstone server streams it. */
export function buildTipUpdate(spec: TipUpdateSpec): GeyserTransactionUpdate {
  const writable = spec.loadedWritable ?? []
  const readonly = spec.loadedReadonly ?? []
  const all = [...spec.accounts, ...writable, ...readonly]
  const signature = new Uint8Array(createHash('sha512').update(`tx ${counter++}`).digest())
  return {
    slot: String(spec.slot),
    transaction: {
      signature,
      isVote: spec.isVote ?? false,
      index: '0',
      transaction: {
        signatures: [signature],
        message: {
          header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 0 },
          accountKeys: spec.accounts.map((account) => account.key),
          recentBlockhash: new Uint8Array(32),
          instructions: [],
          versioned: writable.length + readonly.length > 0,
          addressTableLookups: [],
        },
      },
      meta: {
        err: spec.failed ? { err: new Uint8Array([1, 0, 0, 0]) } : undefined,
        fee: '5000',
        preBalances: all.map((account) => String(account.pre)),
        postBalances: all.map((account) => String(account.post)),
        innerInstructions: [],
        innerInstructionsNone: true,
        logMessages: [],
        logMessagesNone: true,
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedWritableAddresses: writable.map((account) => account.key),
        loadedReadonlyAddresses: readonly.map((account) => account.key),
        returnData: undefined,
        returnDataNone: true,
        computeUnitsConsumed: '1000',
      },
    },
  } as GeyserTransactionUpdate
}

let payers = 0

/**
 * A payer paying `tip` lamports to tip account `tipIndex` (static key, or loaded writable), and 5000
 * of fee; the payer is `payer` (32 bytes), a new one each call when not given.
 */
export function payTip(slot: number, tip: bigint, tipIndex = 0, loaded = false, payer?: Uint8Array): GeyserTransactionUpdate {
  const from = { key: payer ?? keyOf(`payer ${payers++}`), pre: 10_000_000_000n, post: 10_000_000_000n - tip - 5_000n }
  const tipAccount = { key: TIP_ACCOUNT_KEYS[tipIndex]!, pre: 1_000_000n, post: 1_000_000n + tip }
  return loaded
    ? buildTipUpdate({ slot, accounts: [from], loadedWritable: [tipAccount] })
    : buildTipUpdate({ slot, accounts: [from, tipAccount] })
}
