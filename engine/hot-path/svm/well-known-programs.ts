/** Raw keys of programs, owners and mints the engine treats specially, decoded once at load. */
import { fromBase58Address } from '../state/account-key.js'

export const TOKEN_PROGRAM = fromBase58Address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM = fromBase58Address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const NATIVE_LOADER = fromBase58Address('NativeLoader1111111111111111111111111111111')
export const SYSVAR_OWNER = fromBase58Address('Sysvar1111111111111111111111111111111111111')
export const BPF_LOADER_UPGRADEABLE = fromBase58Address('BPFLoaderUpgradeab1e11111111111111111111111')
export const ADDRESS_LOOKUP_TABLE_PROGRAM = fromBase58Address('AddressLookupTab1e1111111111111111111111111')
export const SYSTEM_PROGRAM = fromBase58Address('11111111111111111111111111111111')
/** The wrapped-SOL mint (SPL Token's native mint): its token balance is SOL, not a token to screen. */
export const WRAPPED_SOL_MINT = fromBase58Address('So11111111111111111111111111111111111111112')
