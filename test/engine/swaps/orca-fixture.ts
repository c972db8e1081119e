/**
 * The two Orca Whirlpool pools of ../shared/fixtures/mainnet/orca-whirlpool (real mainnet account
 * dumps, Aug 2022) as an account-data reader, and the official client's instructions as the
 * engine receives them (program id, data, raw account keys).
 */
import { type Address, type Instruction, createNoopSigner, address, getAddressEncoder } from '@solana/kit'
import { toAccountKey } from '../../../engine/state/account-key.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../helpers/fixtures.js'

const addressEncoder = getAddressEncoder()

export const SOL_USDC = {
  whirlpool: address('HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ'),
  vaultA: address('3YQm7ujtXWJU2e9jhp2QGHpnn1ShXn12QjvzMvDgabpX'),
  vaultB: address('2JTw1fE2wz1SymWUQ7UqpVtrTuKjcd6mWwYwUJUCh2rq'),
  mintA: address('So11111111111111111111111111111111111111112'),
  mintB: address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  /** Start ticks −33792 (holds the current tick −32101), −39424, −45056. */
  tickArraysDown: [
    address('2Eh8HEeu45tCWxY6ruLLRN6VcTSD7bfshGj7bZA87Kne'),
    address('EVqGhR2ukNuqZNfvFFAitrX6UqrRm2r8ayKX9LH9xHzK'),
    address('C8o6QPGfuJD9XmNQY9ZTMXJE5qSDv4LHXaRA3D26GQ4M'),
  ],
}

export const SAMO_USDC = {
  whirlpool: address('9vqYJjDUFecLL2xPUC4Rc7hyCtZ6iJ4mDiVZX7aFXoAe'),
  vaultA: address('3xxgYc3jXPdjqpMdrRyKtcddh4ZdtqpaN33fwaWJ2Wbh'),
  vaultB: address('8xKCx3SGwWR6BUr9mZFm3xwZmCVMuLjXn9iLEU6784FS'),
  mintA: address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'),
  mintB: address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
  /** Start ticks −112640 (holds the current tick −110930), −107008, −101376: the b→a path. */
  tickArraysUp: [
    address('CHVTbSXJ3W1XEjQXx7BhV2ZSfzmQcbZzKTGZa6ph6BoH'),
    address('EE9AbRXbCKRGMeN6qAxxMUTEEPd1tQo67oYBQKkUNrfJ'),
    address('HpuNjdx9vTLYTAsxH3N6HCkguEkG9mCEpkrRugqyCPwF'),
  ],
}

export const WALLET = createNoopSigner(address('Ct76ND8eC3MZ6PPHNNvMmz7Q8K18sobGdz6t3gyC63Pf'))
export const WALLET_USDC = address('3xo8jkvjFup6ur21o7TvbYyWE7mijww2CZb2B9ZvFkb7')
export const WALLET_SAMO = address('FnkKwUvNjBSrJYKeKnADwtdtAzMrEaEqkgEajsf77rv4')
/** Not in the dumps: the wallet's wrapped-SOL account only has to be an address here. */
export const WALLET_WSOL = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')

/** The 32 raw bytes of an address. */
export function toBytes(value: Address): Uint8Array {
  return new Uint8Array(addressEncoder.encode(value))
}

/** Every dumped account's data by key, as the engine's cache would serve it. */
export function createFixtureAccountReader(): (key: Uint8Array) => Uint8Array | undefined {
  const byKey = new Map<string, Uint8Array>()
  for (const dump of readAccountDumps(ORCA_ACCOUNTS_DIR)) {
    byKey.set(toAccountKey(toBytes(address(dump.pubkey))), new Uint8Array(Buffer.from(dump.account.data[0], 'base64')))
  }
  return (key) => byKey.get(toAccountKey(key))
}

/** A kit instruction as the engine's decoder receives it. */
export function toRawInstruction(instruction: Instruction): { programId: Uint8Array; data: Uint8Array; accounts: Uint8Array[] } {
  return {
    programId: toBytes(instruction.programAddress),
    data: new Uint8Array(instruction.data ?? []),
    accounts: (instruction.accounts ?? []).map((account) => toBytes(account.address)),
  }
}
