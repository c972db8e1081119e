/**
 * The sandwich attacker's token accounts on the fork, shaped as the pool's vault of the same mint:
 * the same token program and size, and the same Token-2022 account extensions, because the
 * program requires some of them on every account of the mint (a transfer fee's TransferFeeAmount,
 * a transfer hook's TransferHookAccount) and the pool created its vault with exactly those. Each
 * extension's per-account state starts empty (no fee withheld, no transfer under way); an
 * extension whose state an attacker's account could not simply have (confidential balances) is
 * not priced.
 */
import { createNativeAccount, type NativeAccount } from '../../../lib/native-svm.js'
import type { CachedAccount } from '../../hot-path/state/cached-account.js'
import { WRAPPED_SOL_MINT } from '../../hot-path/svm/well-known-programs.js'
import { toAccountKey } from '../../hot-path/state/account-key.js'
import { ExtensionCode, getAccountTlvEntries, getExtensionTypeName, TOKEN_ACCOUNT_SIZE } from '../tokens/token-2022-extensions.js'

const { TransferFeeAmount, ImmutableOwner, MemoTransfer, CpiGuard, NonTransferableAccount, TransferHookAccount, PausableAccount } =
  ExtensionCode

/**
 * The account extensions an attacker's account copies from the vault. MemoTransfer and CpiGuard
 * keep the vault's flags (a pool's vault sets neither: a program owns it); the markers have no
 * value. TransferFeeAmount (fees withheld) and TransferHookAccount (a transfer under way) start at zero.
 */
const COPIED = new Set<number>([
  TransferFeeAmount,
  ImmutableOwner,
  MemoTransfer,
  CpiGuard,
  NonTransferableAccount,
  TransferHookAccount,
  PausableAccount,
])
const RESET = new Set<number>([TransferFeeAmount, TransferHookAccount])

const OWNER_OFFSET = 32
const AMOUNT_OFFSET = 64
const STATE_OFFSET = 108
const STATE_INITIALIZED = 1
const IS_NATIVE_OFFSET = 109
const NATIVE_RESERVE_OFFSET = 113

/** Whether a vault's account carries TransferFeeAmount: its mint charges a transfer fee. */
export function hasTransferFeeAmount(vault: CachedAccount): boolean {
  return getAccountTlvEntries(vault.data)?.some((entry) => entry.type === TransferFeeAmount) ?? false
}

/**
 * A token account of `owner` holding `amount` of the vault's mint, shaped as `vault`; the reason
 * it cannot be priced instead. `rentFor` is the rent-exempt minimum for a size.
 */
export function createAttackerTokenAccount(
  vault: CachedAccount,
  owner: Uint8Array,
  amount: bigint,
  rentFor: (size: number) => bigint,
): NativeAccount | string {
  const entries = getAccountTlvEntries(vault.data)
  if (entries === null) return "the pool's vault is not a token account"
  const data = new Uint8Array(vault.data.length)
  data.set(vault.data.subarray(0, OWNER_OFFSET), 0)
  data.set(owner, OWNER_OFFSET)
  new DataView(data.buffer).setBigUint64(AMOUNT_OFFSET, amount, true)
  data[STATE_OFFSET] = STATE_INITIALIZED
  if (entries.length > 0 || data.length > TOKEN_ACCOUNT_SIZE) {
    data.set(vault.data.subarray(TOKEN_ACCOUNT_SIZE, TOKEN_ACCOUNT_SIZE + 1), TOKEN_ACCOUNT_SIZE)
    for (const entry of entries) {
      if (!COPIED.has(entry.type)) return `a token account extension (${getExtensionTypeName(entry.type)}) is not priced`
      // The entry's 4-byte header, then its value, or zeros where the state starts empty.
      data.set(vault.data.subarray(entry.valueStart - 4, RESET.has(entry.type) ? entry.valueStart : entry.valueEnd), entry.valueStart - 4)
    }
  }
  const rent = rentFor(data.length)
  const isNative = toAccountKey(vault.data.subarray(0, 32)) === WRAPPED_SOL_MINT
  if (isNative) {
    data[IS_NATIVE_OFFSET] = 1
    new DataView(data.buffer).setBigUint64(NATIVE_RESERVE_OFFSET, rent, true)
  }
  return createNativeAccount(isNative ? rent + amount : rent, data, vault.owner, false, 0n)
}
