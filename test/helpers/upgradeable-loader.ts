/**
 * Programs of the BPF Loader Upgradeable (loader v3), by hand because no client for it is
 * installed. Layouts from solana-loader-v3-interface (state.rs, instruction.rs), bincode:
 * - Program account (36 bytes): u32 variant 2 (`Program`), then the ProgramData address.
 * - ProgramData account: u32 variant 3 (`ProgramData`), u64 slot of the last deploy,
 *   Option<Pubkey> upgrade authority (a u8 tag, then 32 bytes when Some), then the ELF.
 * - SetAuthority: u32 variant 4; accounts [ProgramData (w), current authority (s), new authority].
 * The ProgramData address is the PDA of the program id under the loader.
 */
import { AccountRole, address, getAddressEncoder, getProgramDerivedAddress, type Address, type Instruction } from '@solana/kit'
import { RENT_EXEMPT_RENT_EPOCH, type LocalAccount } from '../../localnet/chain/local-account.js'

export const UPGRADEABLE_LOADER: Address = address('BPFLoaderUpgradeab1e11111111111111111111111')
const PROGRAM_VARIANT = 2
const PROGRAM_DATA_VARIANT = 3
const SET_AUTHORITY = 4
/** u32 variant, u64 slot, u8 option tag, 32-byte authority. */
const PROGRAM_DATA_HEADER = 45

const addressEncoder = getAddressEncoder()

/** The ProgramData address of `program`. */
export async function getProgramDataAddress(program: Address): Promise<Address> {
  const [programData] = await getProgramDerivedAddress({ programAddress: UPGRADEABLE_LOADER, seeds: [addressEncoder.encode(program)] })
  return programData
}

/**
 * The two accounts of an upgradeable program deployed at `slot` whose upgrade authority is
 * `authority`, running `elf`: as `solana program deploy` leaves them on a cluster.
 */
export function createUpgradeableProgramAccounts(options: {
  programData: Address
  elf: Uint8Array
  authority: Address
  slot: bigint
  rent: (dataLength: bigint) => bigint
}): { program: LocalAccount; programData: LocalAccount } {
  const programBytes = new Uint8Array(36)
  new DataView(programBytes.buffer).setUint32(0, PROGRAM_VARIANT, true)
  programBytes.set(addressEncoder.encode(options.programData), 4)
  const dataBytes = new Uint8Array(PROGRAM_DATA_HEADER + options.elf.length)
  const view = new DataView(dataBytes.buffer)
  view.setUint32(0, PROGRAM_DATA_VARIANT, true)
  view.setBigUint64(4, options.slot, true)
  dataBytes[12] = 1
  dataBytes.set(addressEncoder.encode(options.authority), 13)
  dataBytes.set(options.elf, PROGRAM_DATA_HEADER)
  const account = (data: Uint8Array, executable: boolean): LocalAccount => ({
    lamports: options.rent(BigInt(data.length)),
    data,
    owner: UPGRADEABLE_LOADER,
    executable,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  return { program: account(programBytes, true), programData: account(dataBytes, false) }
}

/** The upgrade authority a ProgramData account holds, or null when the program is immutable. */
export function getUpgradeAuthority(programData: Uint8Array): Uint8Array | null {
  return programData[12] === 1 ? programData.subarray(13, 45) : null
}

/** SetAuthority: hands the upgrade authority of the program behind `programData` to `newAuthority`. */
export function getSetUpgradeAuthorityInstruction(programData: Address, authority: Address, newAuthority: Address): Instruction {
  const data = new Uint8Array(4)
  new DataView(data.buffer).setUint32(0, SET_AUTHORITY, true)
  return {
    programAddress: UPGRADEABLE_LOADER,
    accounts: [
      { address: programData, role: AccountRole.WRITABLE },
      { address: authority, role: AccountRole.READONLY_SIGNER },
      { address: newAuthority, role: AccountRole.READONLY },
    ],
    data,
  }
}
