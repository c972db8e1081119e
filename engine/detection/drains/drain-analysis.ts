/**
 * The drain analysis of one simulated transaction: for every signer, what value and what control
 * leave it and to whom — judged by what leaves whom, never by who signs (a drainer co-signs by
 * paying the fee). Findings come from the state before and after (whatever program did it), the
 * instructions place them, and the wallet's counterparties tell a payment from a sweep to a
 * stranger or to a poisoned address. docs/detection.md#drains lists every finding.
 */
import type { RiskFinding } from '../../contract/simulate-response.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { Counterparties, CounterpartyHistory } from '../wallets/counterparty-history.js'
import type { VectorContext } from '../vectors/vector-context.js'
import { getFlowFindings, getRecipients } from './flow-findings.js'
import { getHandovers, type Handover } from './handover-findings.js'
import { getInstructionEvidence, type InstructionEvidence } from './instruction-evidence.js'
import { getLureFindings } from './lure-findings.js'
import type { LookalikeIndex } from './lookalike-address.js'
import { getSignerSummaries, type SignerSummary } from './signer-summary.js'
import { getControllerLookup } from './account-state-roles.js'
import { type ControllerLookup, getSignerFlows, type SignerFlows } from './value-flows.js'

export type { SignerSummary }

export interface DrainAnalysisDependencies {
  /** The wallets' counterparties; absent: every recipient is judged a stranger. */
  counterparties?: CounterpartyHistory
  symbolOf: (mint: AccountKey) => string | null
  /** Well-known addresses (mints, programs, authorities) a poisoner imitates. */
  wellKnown: LookalikeIndex
}

export interface DrainAnalysis {
  findings: RiskFinding[]
  summary: SignerSummary[]
}

const NO_HISTORY: ReadonlyMap<AccountKey, Counterparties> = new Map()
const SEVERITY_ORDER = { critical: 0, high: 1, medium: 2, low: 3, safe: 4 } as const

function isLosing(flow: SignerFlows): boolean {
  return (
    flow.lamportsTo.size > 0 ||
    flow.unexplainedLamports > 0n ||
    flow.tokensOut.some((token) => token.recipients.length > 0 || token.unexplained > 0n) ||
    flow.controlledOut.some((controlled) => controlled.recipients.length > 0)
  )
}

/** What the analysis read before the signers' histories, to judge them once the histories are known. */
interface DrainReading {
  context: VectorContext
  deps: DrainAnalysisDependencies
  evidence: InstructionEvidence
  controller: ControllerLookup
  handovers: Handover[]
  handoverFindings: RiskFinding[]
  flows: SignerFlows[]
}

// A module function, not a closure per call: the warm path allocates none.
function finishAnalysis(reading: DrainReading, history: ReadonlyMap<AccountKey, Counterparties>): DrainAnalysis {
  const { context, deps, evidence, controller, handovers, flows } = reading
  const losers = new Set<AccountKey>()
  for (const flow of flows) if (isLosing(flow)) losers.add(flow.signer)
  for (const handover of handovers) losers.add(handover.signer)
  const findings = [
    ...reading.handoverFindings,
    ...getFlowFindings({ context, evidence, flows, controller, history, wellKnown: deps.wellKnown }),
    ...getLureFindings({ context, evidence, losers }),
  ]
  findings.sort(bySeverity)
  const summary = getSignerSummaries({
    context,
    flows,
    handovers,
    symbolOf: deps.symbolOf,
    nonceAuthority: evidence.nonce?.authority ?? null,
  })
  return { findings, summary }
}

function bySeverity(a: RiskFinding, b: RiskFinding): number {
  return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]
}

/** Analyses `context`; a promise only while a signer's history is being read. */
export function analyzeDrains(context: VectorContext, deps: DrainAnalysisDependencies): DrainAnalysis | Promise<DrainAnalysis> {
  const evidence = getInstructionEvidence(context)
  const controller = getControllerLookup(context)
  const { handovers, findings: handoverFindings } = getHandovers(context)
  const flows = getSignerFlows(context, evidence, controller)
  const reading: DrainReading = { context, deps, evidence, controller, handovers, handoverFindings, flows }

  const { counterparties } = deps
  if (!counterparties) return finishAnalysis(reading, NO_HISTORY)
  // Made only for a signer that sends to someone: a transaction without recipients allocates none.
  let history: Map<AccountKey, Counterparties> | undefined
  let loads: Array<Promise<void>> | undefined
  for (const flow of flows) {
    if (getRecipients(flow).length === 0) continue
    const histories = (history ??= new Map())
    const known = counterparties.get(flow.signer)
    if (known) histories.set(flow.signer, known)
    else (loads ??= []).push(counterparties.load(flow.signer).then((loaded) => void histories.set(flow.signer, loaded)))
  }
  if (loads === undefined) return finishAnalysis(reading, history ?? NO_HISTORY)
  const loaded = history ?? NO_HISTORY
  return Promise.all(loads).then(() => finishAnalysis(reading, loaded))
}
