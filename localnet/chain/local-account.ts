/** An account as the localnet hands it around: base58 addresses outside, LiteSVM bytes inside. */
import { getAddressDecoder, getAddressEncoder, type Address } from '@solana/kit'
import { Account, type NativeAccount } from '../../lib/native-svm.js'

export type LocalAccount = {
  readonly lamports: bigint
  readonly data: Uint8Array
  readonly owner: Address
  readonly executable: boolean
  readonly rentEpoch: bigint
}

export const U64_MAX = 2n ** 64n - 1n
/** Rent-exempt accounts carry this rent epoch on mainnet since rent collection ended. */
export const RENT_EXEMPT_RENT_EPOCH = U64_MAX
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address

const addressEncoder = getAddressEncoder()
const addressDecoder = getAddressDecoder()

/** The 32 bytes of a base58 address. */
export function toAddressBytes(address: Address): Uint8Array {
  return addressEncoder.encode(address) as Uint8Array
}

/** The base58 address of 32 bytes. */
export function fromAddressBytes(bytes: Uint8Array): Address {
  return addressDecoder.decode(bytes)
}

/** Converts to LiteSVM's account class. */
export function toNativeAccount(account: LocalAccount): NativeAccount {
  return new Account(account.lamports, account.data, toAddressBytes(account.owner), account.executable, account.rentEpoch)
}

/** Converts from LiteSVM's account class. */
export function fromNativeAccount(account: NativeAccount): LocalAccount {
  return {
    lamports: account.lamports(),
    data: account.data(),
    owner: fromAddressBytes(account.owner()),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
  }
}
