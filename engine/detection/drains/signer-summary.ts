/**
 * What the transaction does to each signer, in the sentences a wallet shows before asking for a
 * signature ("You send 1,000 USDC to 7xKX…sAsU"), from the same flows and hand-overs the findings
 * come from.
 */
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { VectorContext } from '../vectors/vector-context.js'
import type { Handover } from './handover-findings.js'
import type { SignerFlows } from './value-flows.js'

export interface SignerSummary {
  signer: string
  lines: string[]
}

export interface SummaryInputs {
  context: VectorContext
  flows: readonly SignerFlows[]
  handovers: readonly Handover[]
  /** A short symbol for well-known mints (USDC), or null. */
  symbolOf: (mint: AccountKey) => string | null
  /** The durable nonce's authority, when the transaction uses one. */
  nonceAuthority: AccountKey | null
}

const SOL_DECIMALS = 9
const U64_MAX = 0xffff_ffff_ffff_ffffn

/** An address as wallets shorten it: its first and last four characters. */
export function toShortAddress(address: string): string {
  return address.length <= 11 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`
}

/** A base-unit amount in whole units with thousands separators ("1,000", "0.5"). */
export function toDisplayAmount(amount: bigint, decimals: number | null): string {
  const places = decimals ?? 0
  const digits = amount.toString().padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const fraction = places === 0 ? '' : digits.slice(-places).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** The decimals the balance changes give a mint (the last row of it), read only for a line that shows a token amount. */
function getDecimals(context: VectorContext, mint: string): number | null {
  let decimals: number | null = null
  for (const change of context.balanceChanges) if (change.mint === mint) decimals = change.decimals
  return decimals
}

function getTokenName(inputs: SummaryInputs, mint: AccountKey): string {
  return inputs.symbolOf(mint) ?? `tokens of mint ${toShortAddress(inputs.context.name(mint))}`
}

function getTokenAmount(inputs: SummaryInputs, mint: AccountKey, amount: bigint): string {
  const symbol = inputs.symbolOf(mint)
  const value = toDisplayAmount(amount, getDecimals(inputs.context, inputs.context.name(mint)))
  return symbol ? `${value} ${symbol}` : `${value} ${getTokenName(inputs, mint)}`
}

function describeHandover(handover: Handover, inputs: SummaryInputs): string {
  const { name } = inputs.context
  const account = toShortAddress(name(handover.account))
  const to = toShortAddress(name(handover.to))
  switch (handover.role) {
    case 'account_owner_program':
      return `You give your account to program ${to}: it controls the account and everything sent to it from now on`
    case 'token_owner':
      return `You give control of token account ${account} to ${to}`
    case 'token_close':
      return `You let ${to} close token account ${account} and take its rent`
    case 'token_delegate': {
      const what = handover.mint ? getTokenName(inputs, handover.mint) : 'tokens'
      const all = handover.delegatedAmount === U64_MAX || (handover.balance !== undefined && handover.delegatedAmount! >= handover.balance)
      return all ? `You let ${to} spend all your ${what}` : `You let ${to} spend ${handover.delegatedAmount} base units of your ${what}`
    }
    case 'mint_authority':
      return `You give ${to} the right to mint token ${account}`
    case 'freeze_authority':
      return `You give ${to} the right to freeze holders of token ${account}`
    case 'nonce_authority':
      return `You give ${to} control of durable-nonce account ${account}`
    case 'stake_staker':
      return `You give ${to} the staker authority of stake account ${account}`
    case 'stake_withdrawer':
      return `You give ${to} the right to withdraw stake account ${account}`
    case 'upgrade_authority':
      return `You give ${to} the right to upgrade the program of ${account}`
  }
}

/** The summary of every signer, the fee payer first. */
export function getSignerSummaries(inputs: SummaryInputs): SignerSummary[] {
  const { context, flows, handovers } = inputs
  const { name } = context
  const summaries: SignerSummary[] = []
  for (let i = 0; i < context.signerCount; i++) {
    const signer = context.keys[i] as AccountKey
    const lines: string[] = []
    const flow = flows.find((candidate) => candidate.signer === signer)
    if (flow) {
      for (const [to, lamports] of flow.lamportsTo)
        lines.push(`You send ${toDisplayAmount(lamports, SOL_DECIMALS)} SOL to ${toShortAddress(name(to))}`)
      for (const token of flow.tokensOut) {
        const recipients = token.recipients.map((owner) => toShortAddress(name(owner)))
        lines.push(
          recipients.length > 0
            ? `You send ${getTokenAmount(inputs, token.mint, token.amount)} to ${recipients.join(', ')}`
            : `You give up ${getTokenAmount(inputs, token.mint, token.amount)}`,
        )
      }
      for (const controlled of flow.controlledOut) {
        const to = controlled.recipients.map((key) => toShortAddress(name(key)))
        lines.push(
          `${toDisplayAmount(controlled.amount, SOL_DECIMALS)} SOL leaves ${toShortAddress(name(controlled.account))}${to.length > 0 ? ` for ${to.join(', ')}` : ''}`,
        )
      }
      if (flow.unexplainedLamports > 0n) {
        lines.push(`You lose ${toDisplayAmount(flow.unexplainedLamports, SOL_DECIMALS)} SOL through a program you call`)
      }
      if (flow.lamportsIn > 0n) lines.push(`You receive ${toDisplayAmount(flow.lamportsIn, SOL_DECIMALS)} SOL`)
      for (const token of flow.tokensIn) lines.push(`You receive ${getTokenAmount(inputs, token.mint, token.amount)}`)
    }
    for (const handover of handovers) if (handover.signer === signer) lines.push(describeHandover(handover, inputs))
    if (i === 0) {
      const fee = context.fee.feeLamports
      const payer = context.entries?.[0]
      const balance = payer?.exists ? payer.lamports : 0n
      const shareBps = balance > 0n ? Number((fee * 10_000n) / balance) : 0
      lines.push(
        shareBps >= 100
          ? `The fee is ${toDisplayAmount(fee, SOL_DECIMALS)} SOL (${Math.round(shareBps / 100)} % of your balance)`
          : `The fee is ${toDisplayAmount(fee, SOL_DECIMALS)} SOL`,
      )
    }
    if (inputs.nonceAuthority !== null) {
      lines.push(
        inputs.nonceAuthority === signer
          ? 'This transaction uses your durable nonce: it does not expire until you advance the nonce'
          : `This transaction uses ${toShortAddress(name(inputs.nonceAuthority))}'s durable nonce: it does not expire, and they decide when it is sent`,
      )
    }
    summaries.push({ signer: name(signer), lines })
  }
  return summaries
}
