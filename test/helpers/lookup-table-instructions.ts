/**
 * The address lookup table program's CreateLookupTable and ExtendLookupTable instructions for kit
 * (kit has no client for that program here): bincode enum index (u32), then the fields, with the
 * table's address derived as the program derives it (authority, recent slot).
 */
import {
  AccountRole,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU32Encoder,
  getU64Encoder,
  type Address,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit'
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from '../../localnet/seed/lookup-table-account.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address

/** The table's address and its CreateLookupTable instruction; `recentSlot` must be in SlotHashes. */
export async function createLookupTableInstruction(options: {
  authority: TransactionSigner
  payer: TransactionSigner
  recentSlot: bigint
}): Promise<{ table: Address; instruction: Instruction }> {
  const slotBytes = getU64Encoder().encode(options.recentSlot)
  const [table, bump] = await getProgramDerivedAddress({
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    seeds: [getAddressEncoder().encode(options.authority.address), slotBytes],
  })
  const data = Uint8Array.from([...getU32Encoder().encode(0), ...slotBytes, bump])
  return {
    table,
    instruction: {
      programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
      accounts: [
        { address: table, role: AccountRole.WRITABLE },
        { address: options.authority.address, role: AccountRole.READONLY_SIGNER, signer: options.authority },
        { address: options.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: options.payer },
        { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      ],
      data,
    } as Instruction,
  }
}

/** ExtendLookupTable: appends `addresses` (usable in transactions from the next slot on). */
export function extendLookupTableInstruction(options: {
  table: Address
  authority: TransactionSigner
  payer: TransactionSigner
  addresses: readonly Address[]
}): Instruction {
  const addressEncoder = getAddressEncoder()
  const data = Uint8Array.from([
    ...getU32Encoder().encode(2),
    ...getU64Encoder().encode(BigInt(options.addresses.length)),
    ...options.addresses.flatMap((address) => [...addressEncoder.encode(address)]),
  ])
  return {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    accounts: [
      { address: options.table, role: AccountRole.WRITABLE },
      { address: options.authority.address, role: AccountRole.READONLY_SIGNER, signer: options.authority },
      { address: options.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: options.payer },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
    ],
    data,
  } as Instruction
}
