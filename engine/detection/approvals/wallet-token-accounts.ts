/**
 * A wallet's token accounts that carry a delegate or a close authority, read over JSON-RPC with
 * `getTokenAccountsByOwner`: once for SPL Token and once for Token-2022, base64, only the 165
 * bytes of the base layout (dataSlice: the Token-2022 extensions are not needed and can be large).
 * The other accounts are counted, not decoded.
 */
import { STATE_READ_COMMITMENT } from '../../hot-path/state/read-commitment.js'
import { isSome, unwrapOption } from '@solana/kit'
import { getTokenDecoder } from '@solana-program/token'
import { createServiceError, isServiceError } from '../../../lib/errors.js'
import { JsonRpcResponseError, type JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'

export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const TOKEN_ACCOUNT_SIZE = 165
/** COption tags (a u32, 1 = Some) of the delegate and the close authority; the state byte. */
const DELEGATE_TAG_OFFSET = 72
const CLOSE_AUTHORITY_TAG_OFFSET = 129
const STATE_OFFSET = 108
const STATE_FROZEN = 2

/** A token account with a delegate or a close authority, decoded. */
export interface AuthorizedTokenAccount {
  address: string
  tokenProgram: string
  mint: string
  balance: bigint
  delegate: string | null
  delegatedAmount: bigint
  closeAuthority: string | null
  /** Wrapped SOL: closing it pays out the balance. */
  isNative: boolean
  /** A frozen account refuses Revoke and SetAuthority until its mint's freeze authority thaws it. */
  isFrozen: boolean
}

export interface WalletTokenAccounts {
  /** The older of the two answers' context slots. */
  slot: number
  /** Token accounts read (both programs, up to the cap). */
  scanned: number
  /** More token accounts exist than the cap let through. */
  truncated: boolean
  authorized: AuthorizedTokenAccount[]
}

interface KeyedAccountsAnswer {
  context: { slot: number }
  value: Array<{ pubkey: string; account: { data: [string, string] } }>
}

const tokenDecoder = getTokenDecoder()

function hasAuthorities(data: Uint8Array): boolean {
  return data[DELEGATE_TAG_OFFSET] === 1 || data[CLOSE_AUTHORITY_TAG_OFFSET] === 1
}

function decode(address: string, tokenProgram: string, data: Uint8Array): AuthorizedTokenAccount {
  const token = tokenDecoder.decode(data)
  return {
    address,
    tokenProgram,
    mint: token.mint,
    balance: token.amount,
    delegate: unwrapOption(token.delegate),
    // Without a delegate the amount means nothing (Revoke zeroes it; a hand-written account might not).
    delegatedAmount: isSome(token.delegate) ? token.delegatedAmount : 0n,
    closeAuthority: unwrapOption(token.closeAuthority),
    isNative: isSome(token.isNative),
    isFrozen: data[STATE_OFFSET] === STATE_FROZEN,
  }
}

async function readProgram(rpc: JsonRpcClient, wallet: string, program: string, signal: AbortSignal): Promise<KeyedAccountsAnswer> {
  try {
    return await rpc.call<KeyedAccountsAnswer>(
      'getTokenAccountsByOwner',
      [
        wallet,
        { programId: program },
        // An approval granted in the open slot is already one a drainer can use.
        { encoding: 'base64', commitment: STATE_READ_COMMITMENT, dataSlice: { offset: 0, length: TOKEN_ACCOUNT_SIZE } },
      ],
      signal,
    )
  } catch (error) {
    if (isServiceError(error)) throw error
    // A node's refusal (a wallet too large for its index, a method it does not serve) is an upstream failure, not the caller's.
    const why = error instanceof JsonRpcResponseError ? `the RPC node refused getTokenAccountsByOwner: ${error.message}` : undefined
    throw createServiceError('upstream_unavailable', why ?? 'getTokenAccountsByOwner did not answer in time', error)
  }
}

/** Reads `wallet`'s token accounts under both programs; at most `maxAccounts` are looked at. */
export async function readWalletTokenAccounts(
  rpc: JsonRpcClient,
  wallet: string,
  { maxAccounts, signal }: { maxAccounts: number; signal: AbortSignal },
): Promise<WalletTokenAccounts> {
  const programs = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]
  const answers = await Promise.all(programs.map((program) => readProgram(rpc, wallet, program, signal)))
  const authorized: AuthorizedTokenAccount[] = []
  let scanned = 0
  let truncated = false
  for (let p = 0; p < programs.length; p++) {
    for (const { pubkey, account } of (answers[p] as KeyedAccountsAnswer).value) {
      if (scanned === maxAccounts) {
        truncated = true
        break
      }
      scanned++
      const data = Buffer.from(account.data[0], 'base64')
      if (data.length === TOKEN_ACCOUNT_SIZE && hasAuthorities(data)) authorized.push(decode(pubkey, programs[p] as string, data))
    }
  }
  return { slot: Math.min(...answers.map((answer) => answer.context.slot)), scanned, truncated, authorized }
}
