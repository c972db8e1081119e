/**
 * The `rug` vector: the token risk (docs/detection.md#the-rug-vector) of every mint the transaction
 * makes its signers receive. From the mint itself (authorities, Token-2022 extensions that trap a
 * holder: mint-risk.ts), the banned-token list, and what the pools and holders say
 * (pool-liquidity-cache.ts: liquidity in a known pool, top-holder concentration, LP burned or
 * locked). Mints and their metadata come from the account cache; liquidity and holders from a
 * per-mint cache filled over RPC off the warm path. What is not known by the request's deadline is
 * reported as null with the reason, and keeps loading for the next request.
 */
import { performance } from 'node:perf_hooks'
import type { AccountCache } from '../../hot-path/state/account-cache.js'
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import type { AccountEntry } from '../../hot-path/state/cached-account.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import type { TokenRisk } from '../../contract/simulate-response.js'
import { decodeMintFacts, type MintFacts } from '../tokens/mint-facts.js'
import { getMintRisk } from '../tokens/mint-risk.js'
import type { PoolLiquidityCache } from '../tokens/pool-liquidity-cache.js'
import type { MintLiquidity } from '../tokens/pool-liquidity.js'
import type { TokenSymbols } from '../tokens/token-symbols.js'
import { getHighestRiskLevel } from './risk-level.js'
import { isRiskAbove } from '../policy/policy.js'
import type { VectorContext } from './vector-context.js'
import { defineDetectionVector } from './detection-vector.js'
import { getReceivedMints, type ReceivedMint } from './received-mints.js'
import { isReceiverPaying } from './receiver-payment.js'
import { getControllerLookup } from '../drains/account-state-roles.js'
import { getSwapAnalysis } from './swap-analysis.js'

export interface RugVectorDependencies {
  cache: AccountCache
  symbols: TokenSymbols
  /** Absent: liquidity and holders are not screened (reported null). */
  liquidity?: PoolLiquidityCache
  banned: ReadonlyMap<AccountKey, string>
  established: ReadonlyMap<AccountKey, string>
}

export interface RugFindings {
  tokenRisks: TokenRisk[]
  riskLevel: RiskLevel
}

/** Concentration from which holders can dump the price, and from which it is a rug-pull indicator. */
export const CONCENTRATED_SHARE = 0.5
export const RUG_CONCENTRATION_SHARE = 0.8
/** An LP less burned or locked than this can be pulled. */
export const LOCKED_LP_SHARE = 0.5
const ADDED_WEIGHT = 0.2
/** Time kept back from the deadline for assembling the answer. */
const ASSEMBLY_MARGIN_MS = 2

/** The highest level of a token received for free (an airdrop, an account created): worth a warning, not a block. */
const FREE_RECEIPT_MAX_LEVEL: RiskLevel = 'medium'

const factsByEntry = new WeakMap<AccountEntry, { epoch: bigint; facts: MintFacts | null }>()

/** The mint facts of a cached entry, decoded once per cached version and epoch. */
function getMintFacts(entry: AccountEntry | undefined, epoch: bigint): MintFacts | null {
  if (!entry?.exists) return null
  const memo = factsByEntry.get(entry)
  if (memo && memo.epoch === epoch) return memo.facts
  const facts = decodeMintFacts(entry.owner, entry.data, epoch)
  factsByEntry.set(entry, { epoch, facts })
  return facts
}

/** Resolves with `work`'s value, or undefined once the deadline has passed. */
function untilDeadline<T>(work: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - ASSEMBLY_MARGIN_MS - performance.now()))
  })
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer))
}

function toLevel(flags: readonly string[], score: number): RiskLevel {
  if (flags.includes('rug_pull') || flags.includes('honeypot') || flags.includes('banned')) return 'critical'
  if (score >= 0.6) return 'high'
  if (score >= 0.2) return 'medium'
  return score > 0 ? 'low' : 'safe'
}

interface Screening {
  mint: AccountKey
  facts: MintFacts | null
  symbol: string | null | undefined
  /** undefined: not known in time; null: not screened. */
  liquidity: MintLiquidity | null | undefined
  /**
   * The signer receiving the token that holds its mint authority and every authority over it
   * (freeze, permanent delegate, transfer hook, transfer fee, pause): its own token, which it
   * cannot be rugged by. Null when no receiver does: a co-signing seller's authority is the buyer's risk.
   */
  owner?: AccountKey | null
  /** A signer receiving it pays for it (a swap, tokens or SOL leaving what it holds); false: received for free. */
  paid?: boolean
}

/** The token risk of one screened mint. */
export function getTokenRisk(
  screening: Screening,
  deps: Pick<RugVectorDependencies, 'banned' | 'established'>,
  name: (key: AccountKey) => string,
): TokenRisk {
  const { mint, facts, liquidity } = screening
  const reasons: string[] = []
  if (!facts) {
    return {
      mint: name(mint),
      symbol: null,
      risk_score: 0,
      risk_level: 'medium',
      flags: ['unknown_mint'],
      top_holder_concentration: null,
      has_mint_authority: false,
      has_freeze_authority: false,
      has_liquidity: null,
      lp_burned_or_locked: null,
      extensions: [],
      issuer: null,
      reasons: ['the mint account could not be read as an SPL Token or Token-2022 mint'],
    }
  }
  const base = getMintRisk(facts)
  const flags = [...base.flags]
  reasons.push(...base.reasons)
  let score = base.riskScore
  const issuer = deps.established.get(mint)
  const owner = screening.owner ?? null
  const selfIssued = owner !== null
  const bannedReason = deps.banned.get(mint)
  if (bannedReason !== undefined) {
    flags.push('banned', 'rug_pull')
    reasons.push(`on Jupiter's banned-token list: ${bannedReason}`)
    score = 1
  }
  // An NFT is held whole by one owner and trades on marketplaces, not pools: neither is a rug signal.
  const nft = facts.decimals === 0 && facts.supply <= 1n
  const concentration = nft ? null : (liquidity?.holders?.topHolderConcentration ?? null)
  const hasLiquidity = nft ? null : liquidity ? liquidity.hasLiquidity : null
  if (concentration !== null && concentration >= CONCENTRATED_SHARE && !issuer) {
    flags.push('holder_concentration')
    reasons.push(`the ten largest holders own ${(concentration * 100).toFixed(1)} % of the supply`)
    score += ADDED_WEIGHT
    // Held by a few with nowhere to sell: what a rug pull looks like before it is pulled.
    if (concentration >= RUG_CONCENTRATION_SHARE && hasLiquidity === false && !selfIssued && !flags.includes('rug_pull')) {
      flags.push('rug_pull')
      reasons.push('a few holders own nearly all of the supply and no known pool holds it')
    }
  }
  if (hasLiquidity === false && !issuer) {
    flags.push('no_known_liquidity')
    reasons.push('no pool of a known venue (Orca Whirlpool, Raydium AMM v4 / CPMM, PumpSwap) holds it')
    score += ADDED_WEIGHT
  }
  const lpShare = nft ? null : (liquidity?.lpBurnedOrLocked ?? null)
  if (lpShare !== null && lpShare < LOCKED_LP_SHARE && !issuer) {
    flags.push('lp_unlocked')
    reasons.push(`only ${(lpShare * 100).toFixed(1)} % of the main pool's LP is burned or locked: its liquidity can be pulled`)
    score += ADDED_WEIGHT
  }
  if (liquidity === undefined) reasons.push('pools and holders were not known within the deadline; they are being loaded')
  if (liquidity?.errors.length) reasons.push(...liquidity.errors.map((error) => `not read: ${error}`))
  let level = toLevel(flags, Math.min(1, score))
  if (issuer) {
    // Authorities held by an accountable issuer: reported, not counted as rug-pull risk.
    score = Math.min(score, 0.1)
    level = flags.length > 0 ? 'low' : 'safe'
    reasons.push(`issuer-managed: ${issuer}`)
  } else if (owner !== null && bannedReason === undefined) {
    score = Math.min(score, 0.1)
    level = flags.length > 0 ? 'low' : 'safe'
    reasons.push(`the signer receiving it (${name(owner)}) holds its mint authority and every authority over it: its own token`)
  }
  if (screening.paid === false && isRiskAbove(level, FREE_RECEIPT_MAX_LEVEL)) {
    // The risk of a token is its buyer's: whoever gets it for nothing loses nothing by holding it.
    level = FREE_RECEIPT_MAX_LEVEL
    reasons.push('received without paying for it: holding it costs nothing, buying it would')
  }
  return {
    mint: name(mint),
    symbol: screening.symbol ?? null,
    risk_score: Math.round(Math.min(1, score) * 1000) / 1000,
    risk_level: level,
    flags,
    top_holder_concentration: concentration,
    has_mint_authority: facts.mintAuthority !== null,
    has_freeze_authority: facts.freezeAuthority !== null,
    has_liquidity: hasLiquidity,
    lp_burned_or_locked: lpShare,
    extensions: facts.extensions,
    issuer: issuer ?? null,
    reasons,
  }
}

/** Whether the receivers of a token pay for it: a swap, or one of them paying (receiver-payment.ts). */
function isPaid(context: VectorContext, receivers: readonly AccountKey[], swapCount: number): boolean {
  if (swapCount > 0) return true
  const controller = getControllerLookup(context)
  return receivers.some((receiver) => isReceiverPaying(context, controller, receiver))
}

/** The receiver holding the mint authority and every authority over the token's traps, or null. */
export function getOwningReceiver(facts: MintFacts | null, receivers: readonly AccountKey[]): AccountKey | null {
  if (!facts?.mintAuthority) return null
  const authority = toAccountKey(facts.mintAuthority)
  if (!receivers.includes(authority)) return null
  const others = [
    facts.freezeAuthority,
    facts.permanentDelegate,
    facts.transferHookAuthority,
    facts.transferFee?.authority ?? null,
    facts.pausable?.authority ?? null,
  ]
  return others.every((key) => key === null || toAccountKey(key) === authority) ? authority : null
}

function toFindings(tokenRisks: TokenRisk[]): RugFindings {
  // Riskiest first: token_risk (the single object of the response) is the first.
  tokenRisks.sort((a, b) => b.risk_score - a.risk_score)
  return { tokenRisks, riskLevel: getHighestRiskLevel(tokenRisks.map((token) => token.risk_level)) }
}

/** Screens the received mints; synchronous when their mints, symbols and liquidity are all cached. */
export function runRugVector(
  context: VectorContext,
  deps: RugVectorDependencies,
  received: readonly ReceivedMint[],
  swapCount = 0,
): RugFindings | Promise<RugFindings> {
  if (received.length === 0) return { tokenRisks: [], riskLevel: 'safe' }
  const mints = received.map((entry) => entry.mint)
  const paid = received.map((entry) => isPaid(context, entry.receivers, swapCount))
  const entries = deps.cache.getMany(mints)
  if (entries instanceof Promise) return entries.then((loaded) => screenAsync(context, deps, received, loaded, paid))
  const screenings: Screening[] = []
  const symbols: SymbolRead[] = []
  for (let i = 0; i < mints.length; i++) {
    const mint = mints[i] as AccountKey
    const facts = getMintFacts(entries[i], context.epoch)
    const symbol = facts ? deps.symbols.get(mint, facts) : null
    symbols.push(symbol)
    const liquidity = deps.liquidity ? deps.liquidity.get(mint) : null
    if (symbol instanceof Promise || liquidity === undefined) return screenAsync(context, deps, received, entries, paid, symbols)
    screenings.push({ mint, facts, symbol, liquidity, owner: getOwningReceiver(facts, received[i]!.receivers), paid: paid[i] })
  }
  return toFindings(screenings.map((screening) => getTokenRisk(screening, deps, context.name)))
}

/** A mint's symbol: known, none, or being read. */
type SymbolRead = string | null | Promise<string | null>

async function screenAsync(
  context: VectorContext,
  deps: RugVectorDependencies,
  received: readonly ReceivedMint[],
  entries: readonly AccountEntry[],
  paid: readonly boolean[],
  startedSymbols: readonly SymbolRead[] = [],
): Promise<RugFindings> {
  const screenings = await Promise.all(
    received.map(async ({ mint, receivers }, i): Promise<Screening> => {
      const facts = getMintFacts(entries[i], context.epoch)
      // A read already started is awaited, not asked again: left alone, its failure would go unhandled.
      const symbol = i < startedSymbols.length ? startedSymbols[i] : facts ? deps.symbols.get(mint, facts) : null
      const cached = deps.liquidity ? deps.liquidity.get(mint) : null
      const [resolvedSymbol, liquidity] = await Promise.all([
        symbol instanceof Promise ? untilDeadline(symbol, context.deadline) : symbol,
        cached === undefined && deps.liquidity ? untilDeadline(deps.liquidity.load(mint), context.deadline) : cached,
      ])
      return { mint, facts, symbol: resolvedSymbol, liquidity, owner: getOwningReceiver(facts, receivers), paid: paid[i] }
    }),
  )
  return toFindings(screenings.map((screening) => getTokenRisk(screening, deps, context.name)))
}

/** The `rug` vector (registry entry): screens the tokens the signers receive. */
export const rugVector = defineDetectionVector({
  name: 'rug',
  reads: ['accounts', 'tokenSymbols', 'poolLiquidity', 'bannedTokens', 'establishedMints'],
  bind(sources) {
    const deps: RugVectorDependencies = {
      cache: sources.accounts,
      symbols: sources.tokenSymbols,
      ...(sources.poolLiquidity ? { liquidity: sources.poolLiquidity } : {}),
      banned: sources.bannedTokens,
      established: sources.establishedMints,
    }
    return (context) => {
      // A swap the simulation could not run still names the mint it would pay out.
      const analysis = getSwapAnalysis(context)
      const outputMints = [analysis.outputMint, ...analysis.swaps.map((swap) => (swap.outputMint ? toAccountKey(swap.outputMint) : null))]
      return runRugVector(context, deps, getReceivedMints(context, outputMints), analysis.swaps.length)
    }
  },
  contribute(findings, draft) {
    draft.levels.push(findings.riskLevel)
    draft.risk.token_risk = findings.tokenRisks[0] ?? null
    draft.risk.token_risks = findings.tokenRisks
  },
})
