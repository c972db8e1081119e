/**
 * The wallet approval scan (docs/api.md#wallet-approvals): a wallet's token accounts with a
 * delegate or a close authority, each scored, riskiest first, with mint decimals and symbols when
 * they are at hand, and the unsigned transaction that revokes the risky delegations. A cold path:
 * two JSON-RPC reads per scan, the mints through the engine's account cache.
 */
import { getBase58Decoder } from '@solana/kit'
import { createServiceError } from '../../../lib/errors.js'
import type { ApprovalsResponse, TokenApproval } from '../../contract/approvals-response.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import type { AccountCache } from '../../hot-path/state/account-cache.js'
import { fromBase58Address, type AccountKey } from '../../hot-path/state/account-key.js'
import type { ChainTracker } from '../../hot-path/state/chain-tracker.js'
import { decodeMintFacts } from '../tokens/mint-facts.js'
import type { TokenSymbols } from '../tokens/token-symbols.js'
import { getApprovalScore, getRiskRank, type ApprovalScore } from './approval-score.js'
import { createRevokeTransaction, MAX_REVOKES_PER_TRANSACTION } from './revoke-transaction.js'
import { readWalletTokenAccounts, type AuthorizedTokenAccount } from './wallet-token-accounts.js'

/** Token accounts one scan reads (both programs); a wallet with more is reported `truncated`. */
export const MAX_SCANNED_TOKEN_ACCOUNTS = 20_000
/** Approvals one answer lists, the riskiest first. */
export const MAX_LISTED_APPROVALS = 200
/** The whole scan's bound (the RPC reads and the mints). */
export const SCAN_TIMEOUT_MS = 10_000
/** How long a symbol may take to arrive (a metadata account not cached yet); after it, null. */
export const SYMBOL_WAIT_MS = 300

const NATIVE_MINT = 'So11111111111111111111111111111111111111112'
const NATIVE_MINT_DECIMALS = 9
const base58 = getBase58Decoder()

export interface ApprovalScannerOptions {
  rpc: JsonRpcClient
  cache: AccountCache
  chain: ChainTracker
  symbols: TokenSymbols
}

export interface ApprovalScanner {
  /** Scans `wallet` (base58); rejects with validation_error when it is not a 32-byte address, upstream_unavailable when RPC fails. */
  scan(wallet: string): Promise<ApprovalsResponse>
}

interface Scored {
  account: AuthorizedTokenAccount
  score: ApprovalScore
}

function toWalletKey(wallet: string): AccountKey {
  try {
    return fromBase58Address(wallet)
  } catch {
    throw createServiceError('validation_error', 'address: must be a base58 address of 32 bytes')
  }
}

/** Settles to null after `ms` (unref'd: it never holds the process). */
function createExpiry(ms: number): { expired: Promise<null>; clear(): void } {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms)
    timer.unref()
  })
  return { expired, clear: () => clearTimeout(timer) }
}

/** Creates the scanner over the engine's RPC client, account cache, chain tracker and symbols. */
export function createApprovalScanner({ rpc, cache, chain, symbols }: ApprovalScannerOptions): ApprovalScanner {
  /** Decimals and symbol of each mint, read through the cache; what is not at hand is null. */
  async function getMintDetails(mints: readonly string[], signal: AbortSignal) {
    const details = new Map<string, { decimals: number | null; symbol: string | null }>()
    const keys = mints.map(fromBase58Address)
    const entries = await cache.getMany(keys, signal)
    const epoch = chain.clock?.epoch ?? 0n
    const expiry = createExpiry(SYMBOL_WAIT_MS)
    try {
      await Promise.all(
        mints.map(async (mint, i) => {
          const entry = entries[i]
          const facts = entry?.exists ? decodeMintFacts(entry.owner, entry.data, epoch) : null
          const decimals = facts?.decimals ?? (mint === NATIVE_MINT ? NATIVE_MINT_DECIMALS : null)
          let symbol: string | null = null
          if (facts) {
            const read = Promise.resolve(symbols.get(keys[i] as AccountKey, facts, signal)).catch(() => null)
            symbol = await Promise.race([read, expiry.expired])
          }
          details.set(mint, { decimals, symbol })
        }),
      )
    } finally {
      expiry.clear()
    }
    return details
  }

  async function getBlockhash(signal: AbortSignal): Promise<string> {
    const latest = chain.latestBlockhash
    if (latest) return base58.decode(latest)
    const answer = await rpc.call<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'confirmed' }], signal)
    return answer.value.blockhash
  }

  return {
    async scan(wallet) {
      toWalletKey(wallet)
      const signal = AbortSignal.timeout(SCAN_TIMEOUT_MS)
      const read = await readWalletTokenAccounts(rpc, wallet, { maxAccounts: MAX_SCANNED_TOKEN_ACCOUNTS, signal })
      const scored: Scored[] = read.authorized.map((account) => ({ account, score: getApprovalScore(account, wallet) }))
      scored.sort(
        (a, b) =>
          getRiskRank(b.score.level) - getRiskRank(a.score.level) ||
          (a.account.address < b.account.address ? -1 : a.account.address > b.account.address ? 1 : 0),
      )
      const listed = scored.slice(0, MAX_LISTED_APPROVALS)
      const revoked = listed.filter((item) => item.score.revoke).slice(0, MAX_REVOKES_PER_TRANSACTION)
      const [details, blockhash] = await Promise.all([
        getMintDetails([...new Set(listed.map((item) => item.account.mint))], signal),
        revoked.length > 0 ? getBlockhash(signal) : Promise.resolve(null),
      ])
      const approvals: TokenApproval[] = listed.map(({ account, score }) => ({
        token_account: account.address,
        mint: account.mint,
        symbol: details.get(account.mint)?.symbol ?? null,
        token_program: account.tokenProgram,
        balance: account.balance.toString(),
        decimals: details.get(account.mint)?.decimals ?? null,
        delegate: account.delegate,
        delegated_amount: account.delegatedAmount.toString(),
        close_authority: account.closeAuthority,
        risk_level: score.level,
        reasons: score.reasons,
        known_authority: score.knownAuthority,
      }))
      const targets = revoked.map(({ account }) => ({ address: account.address, tokenProgram: account.tokenProgram }))
      return {
        wallet,
        slot: read.slot,
        approvals,
        revoke_transaction: blockhash === null ? null : createRevokeTransaction(wallet, blockhash, targets),
        revoke_accounts: targets.map((target) => target.address),
        truncated: read.truncated || scored.length > listed.length,
        token_accounts_scanned: read.scanned,
      }
    },
  }
}
