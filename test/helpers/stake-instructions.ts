/**
 * Stake program instructions, built by hand because no @solana-program/stake client is installed.
 * The data is the bincode of `StakeInstruction` (solana-stake-interface, instruction.rs): a u32
 * variant index, then its fields little-endian; the accounts are in the order that file documents.
 * Checked on localnet (test/cases): a stake account created, initialised, delegated, deactivated
 * and re-authorised with these, by the real Stake program LiteSVM ships.
 */
import { AccountRole, address, getAddressEncoder, type Address, type Instruction } from '@solana/kit'

export const STAKE_PROGRAM: Address = address('Stake11111111111111111111111111111111111111')
/** `StakeStateV2::size_of()`: what CreateAccount must allocate for a stake account. */
export const STAKE_ACCOUNT_SIZE = 200n
const STAKE_CONFIG = address('StakeConfig11111111111111111111111111111111')
const CLOCK_SYSVAR = address('SysvarC1ock11111111111111111111111111111111')
const RENT_SYSVAR = address('SysvarRent111111111111111111111111111111111')
const STAKE_HISTORY_SYSVAR = address('SysvarStakeHistory1111111111111111111111111')

const INITIALIZE = 0
const AUTHORIZE = 1
const DELEGATE_STAKE = 2
const DEACTIVATE = 5

/** `StakeAuthorize`: which of the two authorities an Authorize replaces. */
export type StakeAuthority = 'staker' | 'withdrawer'

const addressEncoder = getAddressEncoder()

function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, value, true)
  return bytes
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

const writable = (account: Address) => ({ address: account, role: AccountRole.WRITABLE })
const readonly = (account: Address) => ({ address: account, role: AccountRole.READONLY })
const signer = (account: Address) => ({ address: account, role: AccountRole.READONLY_SIGNER })

/** Initialize(Authorized { staker, withdrawer }, Lockup::default()): [stake (w), rent sysvar]. */
export function getInitializeStakeInstruction(stake: Address, staker: Address, withdrawer: Address): Instruction {
  // Lockup { unix_timestamp: i64, epoch: u64, custodian: Pubkey }, all zero: no lockup.
  const lockup = new Uint8Array(8 + 8 + 32)
  return {
    programAddress: STAKE_PROGRAM,
    accounts: [writable(stake), readonly(RENT_SYSVAR)],
    data: concat(u32(INITIALIZE), addressEncoder.encode(staker) as Uint8Array, addressEncoder.encode(withdrawer) as Uint8Array, lockup),
  }
}

/** DelegateStake: [stake (w), vote, clock, stake history, stake config (unused since 1.x, still passed), staker (s)]. */
export function getDelegateStakeInstruction(stake: Address, vote: Address, staker: Address): Instruction {
  return {
    programAddress: STAKE_PROGRAM,
    accounts: [
      writable(stake),
      readonly(vote),
      readonly(CLOCK_SYSVAR),
      readonly(STAKE_HISTORY_SYSVAR),
      readonly(STAKE_CONFIG),
      signer(staker),
    ],
    data: u32(DELEGATE_STAKE),
  }
}

/** Deactivate: [stake (w), clock, staker (s)]. */
export function getDeactivateStakeInstruction(stake: Address, staker: Address): Instruction {
  return {
    programAddress: STAKE_PROGRAM,
    accounts: [writable(stake), readonly(CLOCK_SYSVAR), signer(staker)],
    data: u32(DEACTIVATE),
  }
}

/** Authorize(new authority, StakeAuthorize): [stake (w), clock, current authority (s)]. */
export function getAuthorizeStakeInstruction(options: {
  stake: Address
  authority: Address
  newAuthority: Address
  which: StakeAuthority
}): Instruction {
  return {
    programAddress: STAKE_PROGRAM,
    accounts: [writable(options.stake), readonly(CLOCK_SYSVAR), signer(options.authority)],
    data: concat(u32(AUTHORIZE), addressEncoder.encode(options.newAuthority) as Uint8Array, u32(options.which === 'staker' ? 0 : 1)),
  }
}
