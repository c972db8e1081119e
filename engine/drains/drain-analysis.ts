/**
 * The drain analysis of one simulated transaction: for every signer, what value and what control
 * leave it and to whom — judged by what leaves whom, never by who signs (a drainer co-signs by
 * paying the fee). Findings come from the state before and after (whatever program did it), the
 * instructions place them, and the wallet's counterparties tell a payment from a sweep to a
 * stranger or to a poisoned address. docs/detection.md#drains lists every finding.
 */
import type { RiskFinding } from '../simulate/simulate-types.js'
import type { AccountKey } from '../state/account-key.js'
import type { Counterparties, CounterpartyHistory } from '../wallets/counterparty-history.js'
import type { VectorContext } from '../vectors/vector-context.js'
import { getFlowFindings, getRecipients } from './flow-findings.js'
import { getHandovers } from './handover-findings.js'
import { getInstructionEvidence } from './instruction-evidence.js'
import { getLureFindings } from './lure-findings.js'
import type { LookalikeIndex } from './lookalike-address.js'
import { getSignerSummaries, type SignerSummary } from './signer-summary.js'
import { createControllerLookup } from './account-state-roles.js'
import { getSignerFlows, type SignerFlows } from './value-flows.js'

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

const SEVERITY_ORDER = { critical: 0, high: 1, medium: 2, low: 3, safe: 4 } as const

function isLosing(flow: SignerFlows): boolean {
  return (
    flow.lamportsTo.size > 0 ||
    flow.unexplainedLamports > 0n ||
    flow.tokensOut.some((token) => token.recipients.length > 0 || token.unexplained > 0n) ||
    flow.controlledOut.some((controlled) => controlled.recipients.length > 0)
  )
}

/** Analyses `context`; a promise only while a signer's history is being read. */
export function analyzeDrains(context: VectorContext, deps: DrainAnalysisDependencies): DrainAnalysis | Promise<DrainAnalysis> {
  const evidence = getInstructionEvidence(context)
  const controller = createControllerLookup(context)
  const { handovers, findings: handoverFindings } = getHandovers(context)
  const flows = getSignerFlows(context, evidence, controller)

  const finish = (history: ReadonlyMap<AccountKey, Counterparties>): DrainAnalysis => {
    const losers = new Set<AccountKey>()
    for (const flow of flows) if (isLosing(flow)) losers.add(flow.signer)
    for (const handover of handovers) losers.add(handover.signer)
    const findings = [
      ...handoverFindings,
      ...getFlowFindings({ context, evidence, flows, controller, history: (signer) => history.get(signer), wellKnown: deps.wellKnown }),
      ...getLureFindings({ context, evidence, losers }),
    ]
    findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
    const summary = getSignerSummaries({
      context,
      flows,
      handovers,
      symbolOf: deps.symbolOf,
      nonceAuthority: evidence.nonce?.authority ?? null,
    })
    return { findings, summary }
  }

  const { counterparties } = deps
  const history = new Map<AccountKey, Counterparties>()
  if (!counterparties) return finish(history)
  const loads: Array<Promise<void>> = []
  for (const flow of flows) {
    if (getRecipients(flow).length === 0) continue
    const known = counterparties.get(flow.signer)
    if (known) history.set(flow.signer, known)
    else loads.push(counterparties.load(flow.signer).then((loaded) => void history.set(flow.signer, loaded)))
  }
  return loads.length === 0 ? finish(history) : Promise.all(loads).then(() => finish(history))
}
