/**
 * The risk a mint's own configuration puts on whoever receives its token: flags, reasons and a
 * 0..1 score. Holder concentration, liquidity and banned lists are weighed elsewhere; this only
 * reads MintFacts.
 */
import type { MintFacts } from './mint-facts.js'

export interface MintRisk {
  flags: string[]
  /** 0..1: the sum of the flags' weights, capped at 1, and at least HONEYPOT_FLOOR for a honeypot. */
  riskScore: number
  /** One human-readable sentence per flag, in the same order. */
  reasons: string[]
}

export interface MintRiskOptions {
  /** A fee above this many basis points raises `high_transfer_fee`; default 500 (5 %). */
  transferFeeThresholdBps?: number
}

/** Weight of each flag in the score (summary flags `honeypot` and `rug_pull` add nothing themselves). */
export const MINT_FLAG_WEIGHTS = {
  // Ongoing emissions are common (USDC has one): a risk of its own, low on its own.
  mint_authority: 0.15,
  freeze_authority: 0.2,
  permanent_delegate: 0.5,
  transfer_hook: 0.3,
  transfer_hook_authority: 0.1,
  transfer_fee: 0.1,
  high_transfer_fee: 0.3,
  transfer_fee_increase: 0.2,
  default_frozen: 0.4,
  non_transferable: 0.5,
  pausable: 0.1,
  paused: 0.5,
  mint_close_authority: 0.1,
  unknown_extension: 0.1,
  honeypot: 0,
  rug_pull: 0,
} as const

export type MintFlag = keyof typeof MINT_FLAG_WEIGHTS

/** A holder who may be unable to sell is at least this risky, whatever else the mint says. */
export const HONEYPOT_FLOOR = 0.8
const DEFAULT_FEE_THRESHOLD_BPS = 500
/** A fee of half of every transfer or more makes selling pointless. */
const HONEYPOT_FEE_BPS = 5000

/** The flags, reasons and score of a mint's configuration. */
export function getMintRisk(facts: MintFacts, options: MintRiskOptions = {}): MintRisk {
  const thresholdBps = options.transferFeeThresholdBps ?? DEFAULT_FEE_THRESHOLD_BPS
  const flags: MintFlag[] = []
  const reasons: string[] = []
  const add = (flag: MintFlag, reason: string) => {
    flags.push(flag)
    reasons.push(reason)
  }

  if (facts.mintAuthority) add('mint_authority', 'the mint authority can still mint new tokens, so the supply can grow')
  if (facts.freezeAuthority) add('freeze_authority', "the freeze authority can freeze any holder's token account")
  if (facts.permanentDelegate) add('permanent_delegate', 'a permanent delegate can transfer or burn tokens out of any holder account')
  if (facts.transferHookProgram) add('transfer_hook', 'every transfer calls a transfer-hook program, which can refuse it')
  if (facts.transferHookAuthority) add('transfer_hook_authority', 'an authority can set or replace the transfer-hook program')

  // A fee capped at zero base units withholds nothing, whatever its rate.
  const fee = facts.transferFee && facts.transferFee.maximumFee > 0n ? facts.transferFee.bps : 0
  const scheduled = facts.scheduledTransferFee
  const scheduledBps = scheduled && scheduled.maximumFee > 0n ? scheduled.bps : 0
  const worstFeeBps = Math.max(fee, scheduledBps)
  if (fee > 0)
    add(
      'transfer_fee',
      `a ${toPercent(fee)} transfer fee is withheld from every transfer (at most ${facts.transferFee?.maximumFee} base units)`,
    )
  if (worstFeeBps > thresholdBps)
    add('high_transfer_fee', `the transfer fee of ${toPercent(worstFeeBps)} is above ${toPercent(thresholdBps)}`)
  if (scheduled && scheduledBps > fee)
    add('transfer_fee_increase', `the transfer fee rises to ${toPercent(scheduledBps)} at epoch ${scheduled.epoch}`)

  if (facts.defaultAccountStateFrozen) {
    add(
      'default_frozen',
      facts.freezeAuthority
        ? 'new token accounts start frozen; only the freeze authority can thaw them'
        : 'new token accounts start frozen and no freeze authority is left to thaw them',
    )
  }
  if (facts.nonTransferable) add('non_transferable', 'the token cannot be transferred by its holders')
  if (facts.pausable)
    add(
      'pausable',
      facts.pausable.authority ? 'an authority can pause every transfer, mint and burn' : 'the token has a pausable configuration',
    )
  if (facts.pausable?.paused) add('paused', 'transfers, mints and burns are paused now')
  if (facts.mintCloseAuthority) add('mint_close_authority', 'an authority can close the mint account once its supply is zero')
  if (facts.unknownExtensionTypes.length > 0)
    add('unknown_extension', `extension types this service cannot read: ${facts.unknownExtensionTypes.join(', ')}`)

  const traps: string[] = []
  if (facts.defaultAccountStateFrozen) traps.push('accounts start frozen')
  if (facts.nonTransferable) traps.push('non-transferable')
  if (facts.pausable?.paused) traps.push('paused')
  if (facts.permanentDelegate) traps.push('permanent delegate')
  if (facts.transferHookProgram) traps.push('transfer hook')
  if (worstFeeBps >= HONEYPOT_FEE_BPS) traps.push(`${toPercent(worstFeeBps)} transfer fee`)
  if (traps.length > 0) add('honeypot', `a holder may be unable to sell or may lose the tokens: ${traps.join(', ')}`)

  let score = 0
  for (const flag of flags) score += MINT_FLAG_WEIGHTS[flag]
  score = Math.min(1, score)
  if (traps.length > 0) score = Math.max(score, HONEYPOT_FLOOR)
  // Rounded so that sums like 0.1 + 0.2 read as 0.3 in JSON.
  return { flags, riskScore: Math.round(score * 1000) / 1000, reasons }
}

function toPercent(bps: number): string {
  return `${bps / 100}%`
}
