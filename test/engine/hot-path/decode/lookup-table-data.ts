/**
 * Address lookup tables for the decoder tests: the account-data encoder (from localnet's seeding)
 * and a real table created by the address lookup table program inside LiteSVM.
 */
import {
  AccountRole,
  getAddressEncoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  getTransactionVersionDecoder,
  getU64Encoder,
  type Address,
  type Instruction,
} from '@solana/kit'
import { buildWireTransaction, SYSTEM_PROGRAM, toAddressBytes } from './kit-transactions.js'
import { LiteSvm } from '../../../../lib/native-svm.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from '../../../../localnet/seed/lookup-table-account.js'

// The encoder lives with localnet's seeding, where benchmarks use it too.
export {
  ADDRESS_LOOKUP_TABLE_PROGRAM,
  encodeLookupTableData,
  type LookupTableFields,
} from '../../../../localnet/seed/lookup-table-account.js'

/** The part of LiteSVM's native handle these tests send through (lib/native-svm.ts loads it). */
export interface NativeSvm {
  setSigverify(on: boolean): void
  setBlockhashCheck(on: boolean): void
  airdrop(pubkey: Uint8Array, lamports: bigint): unknown
  getAccount(pubkey: Uint8Array): { data(): Uint8Array; owner(): Uint8Array; lamports(): bigint } | null
  getBalance(pubkey: Uint8Array): bigint | null
  latestBlockhash(): string
  getClock(): { slot: bigint }
  warpToSlot(slot: bigint): void
  sendLegacyTransaction(bytes: Uint8Array): TransactionOutcome
  sendVersionedTransaction(bytes: Uint8Array): TransactionOutcome
}

export interface TransactionOutcome {
  err?: () => unknown
  toString(): string
}

export function createNativeSvm(): NativeSvm {
  // A fresh native handle with transaction history on, unlike the engine's simulate-only SVM.
  const svm = new LiteSvm() as unknown as NativeSvm
  svm.setSigverify(false)
  svm.setBlockhashCheck(false)
  return svm
}

/** Sends wire bytes to LiteSVM by their version; returns the error, or undefined on success. */
export function sendWire(svm: NativeSvm, bytes: Uint8Array): unknown {
  const { messageBytes } = getTransactionDecoder().decode(bytes)
  const legacy = getTransactionVersionDecoder().decode(messageBytes) === 'legacy'
  const outcome = legacy ? svm.sendLegacyTransaction(bytes) : svm.sendVersionedTransaction(bytes)
  return typeof outcome.err === 'function' ? (outcome.err() ?? 'failed') : undefined
}

/** Creates a lookup table owned by `payer` with the real program, extends it, returns its address. */
export async function createLookupTableInSvm(svm: NativeSvm, payer: Address, addresses: Address[]): Promise<Address> {
  const recentSlot = svm.getClock().slot
  const slotBytes = getU64Encoder().encode(recentSlot)
  const [table, bump] = await getProgramDerivedAddress({
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    seeds: [getAddressEncoder().encode(payer), slotBytes],
  })
  const accounts = [
    { address: table, role: AccountRole.WRITABLE },
    { address: payer, role: AccountRole.READONLY_SIGNER },
    { address: payer, role: AccountRole.WRITABLE_SIGNER },
    { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
  ]
  // Instruction enum (bincode u32): 0 CreateLookupTable { recent_slot: u64, bump_seed: u8 },
  // 2 ExtendLookupTable { new_addresses: Vec<Pubkey> } (u64 length prefix).
  const create: Instruction = {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    accounts,
    data: new Uint8Array([0, 0, 0, 0, ...slotBytes, bump]),
  }
  const extendData = [2, 0, 0, 0, ...getU64Encoder().encode(BigInt(addresses.length))]
  for (const address of addresses) extendData.push(...toAddressBytes(address))
  const extend: Instruction = { programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM, accounts, data: new Uint8Array(extendData) }
  const error = sendWire(svm, buildWireTransaction({ version: 0, feePayer: payer, instructions: [create, extend] }))
  if (error !== undefined) throw new Error(`creating the lookup table failed: ${String(error)}`)
  return table
}
