/**
 * Durable-nonce transactions: their "blockhash" is the value stored in a nonce account, valid for
 * as long as that account holds it (Agave accepts them outside the recent-blockhash window when
 * the first instruction is System AdvanceNonceAccount). Bots sign these ahead of time.
 */
import { getBase58Decoder, type Address } from '@solana/kit'
import { SYSTEM_PROGRAM_ADDRESS, type LocalAccount } from './local-account.js'
import type { TransactionFacts } from './transaction-facts.js'

// Nonce account layout: u32 version, u32 state, authority (32), durable nonce (32), fee (u64).
const NONCE_ACCOUNT_SIZE = 80
const NONCE_STATE_INITIALIZED = 1
const base58 = getBase58Decoder()

/** Whether the transaction's lifetime token is the current value of its nonce account. */
export function isDurableNonceValid(facts: TransactionFacts, getAccount: (address: Address) => LocalAccount | null): boolean {
  if (!facts.nonceAccount) return false
  const nonce = getAccount(facts.nonceAccount)
  if (!nonce || nonce.owner !== SYSTEM_PROGRAM_ADDRESS || nonce.data.length !== NONCE_ACCOUNT_SIZE) return false
  const view = new DataView(nonce.data.buffer, nonce.data.byteOffset, nonce.data.byteLength)
  return view.getUint32(4, true) === NONCE_STATE_INITIALIZED && base58.decode(nonce.data.subarray(40, 72)) === facts.lifetimeToken
}
