/**
 * What a mint account says about a token: authorities, supply and the Token-2022 extensions that
 * can trap a holder. Read in place from the account bytes, no base58 and no codec objects: the
 * layouts are the programs' fixed Pod structs (solana-program/token-2022, interface/src/state.rs
 * `Mint` and interface/src/extension/{transfer_fee,mint_close_authority,default_account_state,
 * permanent_delegate,transfer_hook,pausable,metadata_pointer}/mod.rs; TokenMetadata from
 * solana-program/token-metadata interface/src/state.rs). test/engine/detection/tokens/mint-facts-*.test.ts
 * checks every field against @solana-program/token-2022's getMintDecoder on mints the real
 * programs wrote.
 */
import { toAccountKey } from '../../hot-path/state/account-key.js'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../hot-path/svm/well-known-programs.js'
import { readU16, readU32, readU64 } from '../../hot-path/decode/little-endian.js'
import { readNonZeroKey, readU32String } from './mint-bytes.js'
import {
  ExtensionCode,
  MINT_SIZE,
  getExtensionTypeName,
  getMintTlvEntries,
  isKnownExtensionType,
  type TlvEntry,
} from './token-2022-extensions.js'

export interface TransferFeeFacts {
  /** Basis points of each transfer withheld, before the cap. */
  bps: number
  /** Cap on the fee of one transfer, in base units. */
  maximumFee: bigint
  /** Who can change the fee (taking effect two epochs later); null: nobody. */
  authority: Uint8Array | null
}

export interface MintFacts {
  tokenProgram: 'spl-token' | 'token-2022'
  supply: bigint
  decimals: number
  /** 32 raw bytes; null: the supply is fixed. */
  mintAuthority: Uint8Array | null
  freezeAuthority: Uint8Array | null
  /** The fee in force at the epoch asked about (the newer one once its epoch has come). */
  transferFee: TransferFeeFacts | null
  /** A different fee already set to replace `transferFee` at a later epoch; null when none. */
  scheduledTransferFee: { bps: number; maximumFee: bigint; epoch: bigint } | null
  permanentDelegate: Uint8Array | null
  /** The program every transfer calls; null when no hook is set (even if the extension exists). */
  transferHookProgram: Uint8Array | null
  /** Who can set or change the hook program; null: nobody. */
  transferHookAuthority: Uint8Array | null
  defaultAccountStateFrozen: boolean
  nonTransferable: boolean
  pausable: { paused: boolean; authority: Uint8Array | null } | null
  mintCloseAuthority: Uint8Array | null
  confidentialTransfers: boolean
  /** Where the MetadataPointer says the metadata lives (often the mint itself); null when unset. */
  metadataAddress: Uint8Array | null
  /** From the TokenMetadata extension inside the mint, when present. */
  metadata: { name: string; symbol: string; uri: string } | null
  /** Names of every extension present, in account order, for display. */
  extensions: string[]
  /** Codes of extensions newer than this decoder: present, but their effect is unknown. */
  unknownExtensionTypes: number[]
}

const DEFAULT_STATE_FROZEN = 2
/** TransferFeeConfig: two authorities, withheld amount, then older and newer TransferFee. */
const TRANSFER_FEE_CONFIG_SIZE = 108
const OLDER_FEE_OFFSET = 72
const NEWER_FEE_OFFSET = 90

/** Decodes an SPL Token or Token-2022 mint account (owner = its program's 32 bytes); null for anything else. */
export function decodeMintFacts(owner: Uint8Array, data: Uint8Array, epoch: bigint): MintFacts | null {
  if (owner.length !== 32) return null
  const program = toAccountKey(owner)
  if (program === TOKEN_PROGRAM) return data.length === MINT_SIZE ? decodeBase(data, 'spl-token') : null
  if (program !== TOKEN_2022_PROGRAM) return null
  const entries = getMintTlvEntries(data)
  if (entries === null) return null
  const facts = decodeBase(data, 'token-2022')
  if (facts === null) return null
  for (const entry of entries) {
    if (!applyExtension(facts, data, entry, epoch)) return null
  }
  return facts
}

function decodeBase(data: Uint8Array, tokenProgram: MintFacts['tokenProgram']): MintFacts | null {
  // COption tags are u32 0 or 1 and is_initialized a strict bool, as spl-token's Mint::unpack demands.
  const mintTag = readU32(data, 0)
  const freezeTag = readU32(data, 46)
  if (mintTag > 1 || freezeTag > 1 || data[45] !== 1) return null
  return {
    tokenProgram,
    supply: readU64(data, 36),
    decimals: data[44] as number,
    mintAuthority: mintTag === 1 ? data.slice(4, 36) : null,
    freezeAuthority: freezeTag === 1 ? data.slice(50, 82) : null,
    transferFee: null,
    scheduledTransferFee: null,
    permanentDelegate: null,
    transferHookProgram: null,
    transferHookAuthority: null,
    defaultAccountStateFrozen: false,
    nonTransferable: false,
    pausable: null,
    mintCloseAuthority: null,
    confidentialTransfers: false,
    metadataAddress: null,
    metadata: null,
    extensions: [],
    unknownExtensionTypes: [],
  }
}

/** Folds one extension into the facts; false when its value is too short to be what it claims. */
function applyExtension(facts: MintFacts, data: Uint8Array, entry: TlvEntry, epoch: bigint): boolean {
  const { type, valueStart: at, valueEnd: end } = entry
  facts.extensions.push(getExtensionTypeName(type))
  if (!isKnownExtensionType(type)) {
    facts.unknownExtensionTypes.push(type)
    return true
  }
  const size = end - at
  switch (type) {
    case ExtensionCode.TransferFeeConfig:
      if (size < TRANSFER_FEE_CONFIG_SIZE) return false
      applyTransferFee(facts, data, at, epoch)
      return true
    case ExtensionCode.MintCloseAuthority:
      if (size < 32) return false
      facts.mintCloseAuthority = readNonZeroKey(data, at)
      return true
    case ExtensionCode.ConfidentialTransferMint:
      facts.confidentialTransfers = true
      return true
    case ExtensionCode.DefaultAccountState:
      if (size < 1) return false
      facts.defaultAccountStateFrozen = data[at] === DEFAULT_STATE_FROZEN
      return true
    case ExtensionCode.NonTransferable:
      facts.nonTransferable = true
      return true
    case ExtensionCode.PermanentDelegate:
      if (size < 32) return false
      facts.permanentDelegate = readNonZeroKey(data, at)
      return true
    case ExtensionCode.TransferHook:
      if (size < 64) return false
      facts.transferHookAuthority = readNonZeroKey(data, at)
      facts.transferHookProgram = readNonZeroKey(data, at + 32)
      return true
    case ExtensionCode.Pausable:
      if (size < 33) return false
      facts.pausable = { paused: data[at + 32] !== 0, authority: readNonZeroKey(data, at) }
      return true
    case ExtensionCode.MetadataPointer:
      if (size < 64) return false
      facts.metadataAddress = readNonZeroKey(data, at + 32)
      return true
    case ExtensionCode.TokenMetadata:
      return applyTokenMetadata(facts, data, at, end)
    default:
      return true
  }
}

function applyTransferFee(facts: MintFacts, data: Uint8Array, at: number, epoch: bigint): void {
  const newerEpoch = readU64(data, at + NEWER_FEE_OFFSET)
  const older = readFee(data, at + OLDER_FEE_OFFSET)
  const newer = readFee(data, at + NEWER_FEE_OFFSET)
  // TransferFeeConfig::get_epoch_fee: the newer fee applies from its epoch on.
  const current = epoch >= newerEpoch ? newer : older
  facts.transferFee = { bps: current.bps, maximumFee: current.maximumFee, authority: readNonZeroKey(data, at) }
  if (epoch < newerEpoch && (newer.bps !== older.bps || newer.maximumFee !== older.maximumFee)) {
    facts.scheduledTransferFee = { bps: newer.bps, maximumFee: newer.maximumFee, epoch: newerEpoch }
  }
}

function readFee(data: Uint8Array, at: number): { bps: number; maximumFee: bigint } {
  // TransferFee: epoch u64, maximum_fee u64, transfer_fee_basis_points u16.
  return { maximumFee: readU64(data, at + 8), bps: readU16(data, at + 16) }
}

function applyTokenMetadata(facts: MintFacts, data: Uint8Array, at: number, end: number): boolean {
  // update_authority (32), mint (32), then name, symbol and uri as u32-prefixed UTF-8.
  const name = readU32String(data, at + 64, end)
  const symbol = name && readU32String(data, name.end, end)
  const uri = symbol && readU32String(data, symbol.end, end)
  if (!name || !symbol || !uri) return false
  facts.metadata = { name: name.text, symbol: symbol.text, uri: uri.text }
  return true
}
