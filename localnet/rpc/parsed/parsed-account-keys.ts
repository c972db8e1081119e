/**
 * The `accountKeys` of a jsonParsed transaction, `[{pubkey, writable, signer, source}]`, as Agave's
 * parse_accounts.rs writes them: `writable` is what the runtime would lock for writing — the
 * header's writable keys, less reserved ones (builtin programs and sysvars,
 * agave-reserved-account-keys, all activated) and less the programs the instructions call, unless
 * the upgradeable loader is among the keys; `source` says whether a key was in the message
 * ("transaction") or loaded from a lookup table ("lookupTable").
 */
import type { LandedMessage } from '../../chain/landed-message.js'
import { isLandedKeyWritable } from '../../chain/landed-message.js'

export type ParsedAccountKey = {
  readonly pubkey: string
  readonly writable: boolean
  readonly signer: boolean
  readonly source: 'transaction' | 'lookupTable'
}

const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111'

/** agave reserved-account-keys: builtin programs, sysvars, the native loader and the sysvar owner. */
export const RESERVED_ACCOUNT_KEYS: ReadonlySet<string> = new Set([
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  UPGRADEABLE_LOADER,
  'ComputeBudget111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'Feature111111111111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
  'StakeConfig11111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  '11111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
  'ZkTokenProof1111111111111111111111111111111',
  'SysvarC1ock11111111111111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  'Sysvar1nstructions1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  'SysvarRecentB1ockHashes11111111111111111111',
  'SysvarRent111111111111111111111111111111111',
  'SysvarRewards111111111111111111111111111111',
  'SysvarS1otHashes111111111111111111111111111',
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
])

/** The parsed account keys of a landed message; `keys` in Agave's order (static, then loaded). */
export function toParsedAccountKeys(message: LandedMessage, keys: readonly string[]): ParsedAccountKey[] {
  const programIndexes = new Set(message.instructions.map((instruction) => instruction.programIdIndex))
  const demotesPrograms = !keys.includes(UPGRADEABLE_LOADER)
  return keys.map((pubkey, index) => ({
    pubkey,
    writable: isLandedKeyWritable(message, index) && !RESERVED_ACCOUNT_KEYS.has(pubkey) && !(demotesPrograms && programIndexes.has(index)),
    signer: index < message.numRequiredSignatures,
    source: index < message.staticKeys.length ? 'transaction' : 'lookupTable',
  }))
}
