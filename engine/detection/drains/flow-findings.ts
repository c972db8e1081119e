/**
 * Findings from what leaves each signer: the whole balance of SOL or of a token sent to a key the
 * wallet has never dealt with, a recipient that imitates a counterparty or a well-known address
 * (address poisoning), value that leaves through a program with nothing coming back, and token
 * accounts swept and closed to someone else.
 */
import type { RiskFinding } from '../../contract/simulate-response.js'
import { getTokenFields } from '../../hot-path/state/token-account.js'
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { isProgramControlled } from '../../hot-path/state/program-controlled.js'
import { SYSTEM_PROGRAM } from '../../hot-path/svm/well-known-programs.js'
import type { Counterparties } from '../wallets/counterparty-history.js'
// One 90 % rule for "the whole balance", whether it is delegated or sent.
import { isNearFullDelegation as isNearTotal } from '../tokens/delegate-risk.js'
import { isSignerKey, type VectorContext } from '../vectors/vector-context.js'
import { findInstructionIndex, type InstructionEvidence } from './instruction-evidence.js'
import { createLookalikeIndex, type LookalikeIndex } from './lookalike-address.js'
import { type ControllerLookup, isReceiving, type SignerFlows } from './value-flows.js'

/** Outflows below this are noise (rounding of rent, tiny tips): 0.0001 SOL. */
const MIN_UNEXPLAINED_LAMPORTS = 100_000n

export interface FlowCheckInputs {
  context: VectorContext
  evidence: InstructionEvidence
  flows: readonly SignerFlows[]
  controller: ControllerLookup
  /** Each signer's counterparties; undefined: not known (judged as none). */
  history: Pick<ReadonlyMap<AccountKey, Counterparties>, 'get'>
  /** Well-known addresses a poisoner imitates. */
  wellKnown: LookalikeIndex
}

/** The token program owning a token account (the one whose instructions move it). */
function tokenProgramOf(context: VectorContext, account: AccountKey): AccountKey | undefined {
  const entry = context.entries?.[context.keys.indexOf(account)]
  return entry?.exists ? toAccountKey(entry.owner) : undefined
}

function hasDealtWith(history: Counterparties | undefined, key: AccountKey): boolean {
  return history?.keys.has(key) === true
}

const counterpartyIndexes = new WeakMap<Counterparties, LookalikeIndex>()

/** A history's look-alike index, built once per history read. */
function getCounterpartyIndex(known: Counterparties, name: (key: AccountKey) => string): LookalikeIndex {
  let index = counterpartyIndexes.get(known)
  if (index === undefined) {
    index = createLookalikeIndex([...known.keys].map(name))
    counterpartyIndexes.set(known, index)
  }
  return index
}

/** Every recipient of a signer's value: SOL recipients, owners of token accounts that grew, and who gained what its stake or nonce accounts lost. */
export function getRecipients(flow: SignerFlows): AccountKey[] {
  const out = [...flow.lamportsTo.keys()]
  for (const token of flow.tokensOut) for (const owner of token.recipients) if (!out.includes(owner)) out.push(owner)
  for (const controlled of flow.controlledOut) for (const key of controlled.recipients) if (!out.includes(key)) out.push(key)
  return out
}

/** The findings of the signers' flows. */
export function getFlowFindings(inputs: FlowCheckInputs): RiskFinding[] {
  const { context, flows, history } = inputs
  const { name } = context
  const findings: RiskFinding[] = []
  for (const flow of flows) {
    const signerName = name(flow.signer)
    const known = history.get(flow.signer)

    for (const recipient of getRecipients(flow)) {
      if (hasDealtWith(known, recipient) || recipient === flow.signer) continue
      const recipientName = name(recipient)
      const counterpart = known ? getCounterpartyIndex(known, name).findImitated(recipientName) : undefined
      const imitated = counterpart ?? inputs.wellKnown.findImitated(recipientName)
      if (imitated === undefined) continue
      findings.push({
        code: 'address_poisoning',
        severity: 'critical',
        message: `${recipientName} imitates ${imitated}, ${counterpart !== undefined ? 'an address the wallet has dealt with' : 'a well-known address'}, but is not it: a poisoned address`,
        instruction_index: findInstructionIndex(context, recipient),
        accounts: [recipientName, imitated, signerName],
      })
    }

    // The whole SOL balance to strangers (programs' accounts aside: a deposit). Strangers are only
    // looked for once the amount qualifies: the curve check costs more than the sum.
    let lamportsOut = flow.unexplainedLamports
    for (const lamports of flow.lamportsTo.values()) lamportsOut += lamports
    const strangers =
      flow.lamportsBefore > MIN_UNEXPLAINED_LAMPORTS && isNearTotal(lamportsOut, flow.lamportsBefore)
        ? [...flow.lamportsTo.keys()].filter((to) => !hasDealtWith(known, to) && !isProgramControlled(to))
        : []
    if (strangers.length > 0) {
      findings.push({
        code: 'whole_balance_transfer',
        severity: 'critical',
        message: `${lamportsOut} of the signer's ${flow.lamportsBefore} lamports go to ${strangers.map(name).join(', ')}, with whom the wallet has no history`,
        instruction_index: findInstructionIndex(context, strangers[0] as AccountKey, SYSTEM_PROGRAM),
        accounts: [signerName, ...strangers.map(name)],
      })
    }
    for (const token of flow.tokensOut) {
      if (!isNearTotal(token.amount, token.balance)) continue
      const tokenStrangers = token.recipients.filter((owner) => !hasDealtWith(known, owner) && !isProgramControlled(owner))
      if (tokenStrangers.length === 0) continue
      findings.push({
        code: 'whole_balance_transfer',
        severity: 'critical',
        message: `the whole balance of token account ${name(token.account)} (${token.amount} base units of ${name(token.mint)}) goes to ${tokenStrangers.map(name).join(', ')}, with whom the wallet has no history`,
        instruction_index: findInstructionIndex(context, token.account, tokenProgramOf(context, token.account)),
        accounts: [name(token.account), ...tokenStrangers.map(name)],
      })
    }
    for (const controlled of flow.controlledOut) {
      if (!isNearTotal(controlled.amount, controlled.balance)) continue
      const strangersOut = controlled.recipients.filter((key) => !hasDealtWith(known, key) && !isProgramControlled(key))
      if (strangersOut.length === 0) continue
      findings.push({
        code: 'whole_balance_transfer',
        severity: 'critical',
        message: `${controlled.amount} of the ${controlled.balance} lamports of ${name(controlled.account)}, which the signer controls, go to ${strangersOut.map(name).join(', ')}, with whom the wallet has no history`,
        instruction_index: findInstructionIndex(context, controlled.account),
        accounts: [name(controlled.account), ...strangersOut.map(name)],
      })
    }

    // Value leaving through a program, with nothing back: what a scanner reading only the instructions misses.
    if (isReceiving(flow)) continue
    if (flow.unexplainedLamports >= MIN_UNEXPLAINED_LAMPORTS) {
      const total = isNearTotal(flow.unexplainedLamports, flow.lamportsBefore)
      findings.push({
        code: 'unexplained_outflow',
        severity: total ? 'critical' : 'high',
        message: `${flow.unexplainedLamports} lamports leave the signer through a program it calls, and it receives nothing in return`,
        instruction_index: null,
        accounts: [signerName],
      })
    }
    for (const token of flow.tokensOut) {
      if (token.unexplained <= 0n) continue
      const total = isNearTotal(token.unexplained, token.balance)
      findings.push({
        code: 'unexplained_outflow',
        severity: total ? 'critical' : 'high',
        message: `${token.unexplained} tokens leave the signer's account ${name(token.account)} through a program it calls, and it receives nothing in return`,
        instruction_index: null,
        accounts: [name(token.account), signerName],
      })
    }
  }
  findings.push(...getClosedToOthers(inputs))
  return findings
}

/** Token accounts of a signer closed with their rent sent to an account the signer does not control. */
function getClosedToOthers({ context, evidence, controller }: FlowCheckInputs): RiskFinding[] {
  const findings: RiskFinding[] = []
  const { name } = context
  for (const [account, { destination, instructionIndex }] of evidence.closeDestinations) {
    const index = context.keys.indexOf(account)
    const entry = index >= 0 ? context.entries?.[index] : undefined
    if (!entry?.exists) continue
    // Read from before the close: a closed account has no owner left.
    const tokenOwner = getTokenFields(entry)?.owner
    if (tokenOwner === undefined) continue
    if (!isSignerKey(context, tokenOwner) || controller.get(destination) === tokenOwner) continue
    // Emptied in the same transaction: the close finishes a sweep.
    const swept = context.tokenDeltas.some((delta) => delta.index === index && delta.pre > 0n)
    findings.push({
      code: 'token_account_closed_to_other',
      severity: swept ? 'critical' : 'high',
      message: swept
        ? `the signer's token account ${name(account)} is emptied and closed, its lamports going to ${name(destination)}: a sweep`
        : `the signer's token account ${name(account)} is closed and its lamports go to ${name(destination)}`,
      instruction_index: instructionIndex,
      accounts: [name(account), name(destination)],
    })
  }
  return findings
}
