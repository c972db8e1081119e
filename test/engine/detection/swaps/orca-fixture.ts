/**
 * The two Orca Whirlpool pools of test/fixtures/mainnet/orca-whirlpool (real mainnet account
 * dumps, Aug 2022) as an account-data reader, and the official client's instructions as the
 * engine receives them (program id, data, raw account keys).
 */
import { createHash } from 'node:crypto'
import { AccountRole, type Address, type Instruction, createNoopSigner, address, getAddressEncoder } from '@solana/kit'
import { getSwapInstruction } from '@orca-so/whirlpools-client'
import { toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'

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

export const JUPITER_V6 = address('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4')

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

/** A swap on the recorded SOL/USDC pool (a→b: SOL in) built with the official client, plus extra read-only accounts. */
export function buildSolUsdcSwap(options: {
  amount: bigint
  otherAmountThreshold: bigint
  exactIn?: boolean
  extraAccounts?: readonly Address[]
  /** The account receiving USDC (default the wallet's, which the fixtures hold). */
  destination?: Address
  /** The wrapped-SOL account paying (default WALLET_WSOL, which does not exist). */
  source?: Address
  /** The pool's oracle PDA, which the mainnet program binary checks (default the pool itself, enough for decoding). */
  oracle?: Address
}): Instruction {
  const instruction = getSwapInstruction({
    tokenAuthority: WALLET,
    whirlpool: SOL_USDC.whirlpool,
    tokenOwnerAccountA: options.source ?? WALLET_WSOL,
    tokenVaultA: SOL_USDC.vaultA,
    tokenOwnerAccountB: options.destination ?? WALLET_USDC,
    tokenVaultB: SOL_USDC.vaultB,
    tickArray0: SOL_USDC.tickArraysDown[0]!,
    tickArray1: SOL_USDC.tickArraysDown[1]!,
    tickArray2: SOL_USDC.tickArraysDown[2]!,
    // Read by the program only for adaptive-fee pools; this one is not.
    oracle: options.oracle ?? SOL_USDC.whirlpool,
    amount: options.amount,
    otherAmountThreshold: options.otherAmountThreshold,
    sqrtPriceLimit: 4_295_048_016n,
    amountSpecifiedIsInput: options.exactIn ?? true,
    aToB: true,
  })
  const extra = (options.extraAccounts ?? []).map((account) => ({ address: account, role: AccountRole.READONLY }))
  return { ...instruction, accounts: [...instruction.accounts, ...extra] }
}

/**
 * A Jupiter v6 `route` through two steps (Whirlpool a→b, then Raydium CLMM) for the fixture
 * wallet, encoded by hand from the IDL's layout: discriminator sha256("global:route")[0..8], the
 * route plan (variant index, its fields, percent, input and output index), then inAmount,
 * quotedOutAmount, slippageBps, platformFeeBps.
 */
export function buildJupiterTwoHopRoute(options: { inAmount: bigint; quotedOutAmount: bigint; slippageBps: number }): Instruction {
  const u64 = (value: bigint) => {
    const bytes = Buffer.alloc(8)
    bytes.writeBigUInt64LE(value)
    return bytes
  }
  const slippage = Buffer.alloc(2)
  slippage.writeUInt16LE(options.slippageBps)
  const data = Buffer.concat([
    createHash('sha256').update('global:route').digest().subarray(0, 8),
    Buffer.from([2, 0, 0, 0]), // two steps
    Buffer.from([17, 1, 100, 0, 1]), // Whirlpool { aToB: true }, 100 %, 0 → 1
    Buffer.from([26, 100, 1, 2]), // RaydiumClmm, 100 %, 1 → 2
    u64(options.inAmount),
    u64(options.quotedOutAmount),
    slippage,
    Buffer.from([0]), // platformFeeBps
  ])
  // The IDL's accounts: token program, user (signer), user source, user destination, destination
  // token account, destination mint, platform fee account, event authority, program; the optional
  // ones are the program id itself, as Jupiter's API sends them.
  const accounts: Array<[Address, AccountRole]> = [
    [address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'), AccountRole.READONLY],
    [WALLET.address, AccountRole.READONLY_SIGNER],
    [WALLET_WSOL, AccountRole.WRITABLE],
    [WALLET_USDC, AccountRole.WRITABLE],
    [JUPITER_V6, AccountRole.READONLY],
    [SOL_USDC.mintB, AccountRole.READONLY],
    [JUPITER_V6, AccountRole.READONLY],
    [address('D8cy77BBepLMngZx6ZukaTff5hCt1HrWyKk3Hnd9oitf'), AccountRole.READONLY],
    [JUPITER_V6, AccountRole.READONLY],
  ]
  return {
    programAddress: JUPITER_V6,
    accounts: accounts.map(([account, role]) => ({ address: account, role })),
    data: new Uint8Array(data),
  }
}
