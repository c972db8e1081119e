/**
 * Who controls an account, read from its data by the program that owns it: the roles a drain
 * hands to someone else. A token account's owner, delegate and close authority; a mint's mint and
 * freeze authorities; a durable-nonce account's authority; a stake account's staker and withdrawer;
 * an upgradeable program's upgrade authority. Layouts are the programs' own (sources beside each).
 */
import { readU32, readU64 } from '../../hot-path/decode/little-endian.js'
import { decodeTokenAuthorities, isMintData, isTokenProgram } from '../../hot-path/state/token-account.js'
import { type AccountKey, fromBase58Address, toAccountKey } from '../../hot-path/state/account-key.js'
import { BPF_LOADER_UPGRADEABLE, SYSTEM_PROGRAM } from '../../hot-path/svm/well-known-programs.js'

export const STAKE_PROGRAM = fromBase58Address('Stake11111111111111111111111111111111111111')

export type AccountRole =
  | 'token_owner'
  | 'token_delegate'
  | 'token_close'
  | 'mint_authority'
  | 'freeze_authority'
  | 'nonce_authority'
  | 'stake_staker'
  | 'stake_withdrawer'
  | 'upgrade_authority'

export interface RoleHolder {
  role: AccountRole
  holder: AccountKey
}

/** solana-program nonce::state::Versions: u32 version, u32 state (1 = Initialized), then the authority. */
const NONCE_ACCOUNT_SIZE = 80
const NONCE_AUTHORITY_OFFSET = 8
/** solana-stake-interface StakeStateV2: u32 tag (1 Initialized, 2 Stake), Meta { rent_exempt_reserve u64, staker, withdrawer, … }. */
const STAKE_STAKER_OFFSET = 12
const STAKE_WITHDRAWER_OFFSET = 44
/** UpgradeableLoaderState::ProgramData (tag 3): slot u64, Option<Pubkey> upgrade authority (tag byte + 32). */
const PROGRAM_DATA_TAG = 3
const PROGRAM_DATA_AUTHORITY_TAG_OFFSET = 12
/** UpgradeableLoaderState::Buffer (tag 1): Option<Pubkey> authority right after the tag. */
const BUFFER_TAG = 1

function isSameKey(a: Uint8Array, key: AccountKey): boolean {
  return toAccountKey(a) === key
}

function keyAt(data: Uint8Array, offset: number): AccountKey {
  return toAccountKey(data.subarray(offset, offset + 32))
}

function pushMintRoles(data: Uint8Array, out: RoleHolder[]): void {
  // COption<Pubkey>: a u32 tag (1 = Some) then 32 bytes; mint authority at 0, freeze authority at 46.
  if (readU32(data, 0) === 1) out.push({ role: 'mint_authority', holder: keyAt(data, 4) })
  if (readU32(data, 46) === 1) out.push({ role: 'freeze_authority', holder: keyAt(data, 50) })
}

/** The roles of an account and who holds each (an empty list for accounts with none). */
export function getAccountRoles(owner: Uint8Array, data: Uint8Array): RoleHolder[] {
  const out: RoleHolder[] = []
  if (isTokenProgram(owner)) {
    if (isMintData(data)) {
      pushMintRoles(data, out)
      return out
    }
    const authorities = decodeTokenAuthorities(data)
    if (!authorities) return out
    out.push({ role: 'token_owner', holder: authorities.owner })
    if (authorities.delegate !== null) out.push({ role: 'token_delegate', holder: authorities.delegate })
    if (authorities.closeAuthority !== null) out.push({ role: 'token_close', holder: authorities.closeAuthority })
    return out
  }
  if (isSameKey(owner, SYSTEM_PROGRAM)) {
    if (data.length === NONCE_ACCOUNT_SIZE && readU32(data, 4) === 1) {
      out.push({ role: 'nonce_authority', holder: keyAt(data, NONCE_AUTHORITY_OFFSET) })
    }
    return out
  }
  if (isSameKey(owner, STAKE_PROGRAM)) {
    const tag = data.length >= STAKE_WITHDRAWER_OFFSET + 32 ? readU32(data, 0) : -1
    if (tag === 1 || tag === 2) {
      out.push({ role: 'stake_staker', holder: keyAt(data, STAKE_STAKER_OFFSET) })
      out.push({ role: 'stake_withdrawer', holder: keyAt(data, STAKE_WITHDRAWER_OFFSET) })
    }
    return out
  }
  if (isSameKey(owner, BPF_LOADER_UPGRADEABLE) && data.length >= 4) {
    const tag = readU32(data, 0)
    if (
      tag === PROGRAM_DATA_TAG &&
      data.length >= PROGRAM_DATA_AUTHORITY_TAG_OFFSET + 33 &&
      data[PROGRAM_DATA_AUTHORITY_TAG_OFFSET] === 1
    ) {
      out.push({ role: 'upgrade_authority', holder: keyAt(data, PROGRAM_DATA_AUTHORITY_TAG_OFFSET + 1) })
    } else if (tag === BUFFER_TAG && data.length >= 37 && data[4] === 1) {
      out.push({ role: 'upgrade_authority', holder: keyAt(data, 5) })
    }
  }
  return out
}

/** The delegated amount of a token account (0 without a delegate). */
export function getDelegatedAmount(data: Uint8Array): bigint {
  // Token account layout: delegate COption at 72, state 108, is_native 109, delegated_amount u64 at 121.
  return data.length >= 129 && data[72] === 1 ? readU64(data, 121) : 0n
}
