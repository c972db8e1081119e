/**
 * What makes account data a token account, as spl-token-2022's `Account::valid_account_data`
 * decides it (the check behind Agave's tokenAccountState filter and its by-owner, by-delegate and
 * by-mint token lookups): 165 bytes and initialized, or longer with the Account type byte, never
 * the Multisig length.
 */

/** spl-token-2022 `Account::LEN`, `Multisig::LEN`, the state byte and the account-type byte. */
export const TOKEN_ACCOUNT_LEN = 165
const TOKEN_MULTISIG_LEN = 355
const TOKEN_ACCOUNT_STATE_INDEX = 108
const TOKEN_ACCOUNT_TYPE_ACCOUNT = 2

/** Whether `data` is an initialized (or frozen) token account of either token program. */
export function isValidTokenAccountData(data: Uint8Array): boolean {
  const initialized = data.length > TOKEN_ACCOUNT_STATE_INDEX && data[TOKEN_ACCOUNT_STATE_INDEX] !== 0
  if (data.length === TOKEN_ACCOUNT_LEN) return initialized
  return (
    data.length > TOKEN_ACCOUNT_LEN &&
    data.length !== TOKEN_MULTISIG_LEN &&
    data[TOKEN_ACCOUNT_LEN] === TOKEN_ACCOUNT_TYPE_ACCOUNT &&
    initialized
  )
}
