/**
 * What leaves each signer, read from the simulated state: SOL and tokens, to whom, and how much
 * of it no instruction the signer signs explains. An account a signer keeps control of (its own
 * wallet, token accounts it owns, stake accounts it can withdraw, nonce accounts it authorizes)
 * is the signer's: moving value there is not an outflow.
 */
import { getTokenFields } from '../simulate/token-account.js'
import type { AccountKey } from '../state/account-key.js'
import type { VectorContext } from '../vectors/vector-context.js'
import { getRolesBefore } from './account-state-roles.js'
import type { InstructionEvidence } from './instruction-evidence.js'

export interface TokenOutflow {
  /** The signer's token account. */
  account: AccountKey
  mint: AccountKey
  /** Its balance before the transaction, and what left it. */
  balance: bigint
  amount: bigint
  /** Owners of the token accounts of the same mint that grew (not the signer's own). */
  recipients: AccountKey[]
  /** Base units no transfer or burn instruction of the signer explains. */
  unexplained: bigint
}

export interface TokenInflow {
  mint: AccountKey
  amount: bigint
}

/** Lamports leaving an account the signer controls (a stake account it withdraws, a nonce account it authorizes). */
export interface ControlledOutflow {
  account: AccountKey
  /** Its lamports before, and what left it. */
  balance: bigint
  amount: bigint
  /** Accounts that gained lamports and that the signer does not control. */
  recipients: AccountKey[]
}

export interface SignerFlows {
  signer: AccountKey
  /** Lamports before the transaction. */
  lamportsBefore: bigint
  /** SOL the signer sends to accounts it does not control, by recipient. */
  lamportsTo: Map<AccountKey, bigint>
  /** SOL that leaves the signer with no instruction explaining it (after the fee and new accounts' rent). */
  unexplainedLamports: bigint
  lamportsIn: bigint
  tokensOut: TokenOutflow[]
  tokensIn: TokenInflow[]
  controlledOut: ControlledOutflow[]
}

function getLamports(context: VectorContext, index: number): { before: bigint; after: bigint } {
  const entry = context.entries?.[index]
  const before = entry?.exists ? entry.lamports : 0n
  const after = context.post?.get(context.keys[index] as AccountKey)
  return { before, after: after ? after.lamports() : before }
}

/** Who controls an account after the transaction (account-state-roles.ts). */
export type ControllerLookup = Pick<ReadonlyMap<AccountKey, AccountKey>, 'get'>

/** Rent deposited into accounts the transaction creates without an instruction of the signers saying so. */
function getImplicitNewAccountRent(context: VectorContext, evidence: InstructionEvidence): bigint {
  const { keys, entries, post } = context
  if (!entries || !post) return 0n
  let rent = 0n
  for (let i = 0; i < keys.length; i++) {
    if (!context.writable[i] || entries[i]?.exists) continue
    const key = keys[i] as AccountKey
    if (evidence.lamportTransfers.some((transfer) => transfer.to === key)) continue
    const after = post.get(key)
    if (after) rent += after.lamports()
  }
  return rent
}

/** The flows of every signer; empty when the simulation did not succeed. */
export function getSignerFlows(context: VectorContext, evidence: InstructionEvidence, controller: ControllerLookup): SignerFlows[] {
  if (!context.success || !context.entries || !context.post) return []
  const { keys, tokenDeltas } = context
  const flows: SignerFlows[] = []
  for (let i = 0; i < context.signerCount; i++) {
    const signer = keys[i] as AccountKey
    const { before, after } = getLamports(context, i)
    const lamportsTo = new Map<AccountKey, bigint>()
    let explained = i === 0 ? context.fee.feeLamports + getImplicitNewAccountRent(context, evidence) : 0n
    for (const transfer of evidence.lamportTransfers) {
      if (transfer.from !== signer) continue
      explained += transfer.lamports
      if (controller.get(transfer.to) === signer) continue
      lamportsTo.set(transfer.to, (lamportsTo.get(transfer.to) ?? 0n) + transfer.lamports)
    }
    const lost = before - after
    const unexplainedLamports = lost > explained ? lost - explained : 0n
    flows.push({
      signer,
      lamportsBefore: before,
      lamportsTo,
      unexplainedLamports,
      lamportsIn: after > before ? after - before : 0n,
      tokensOut: [],
      tokensIn: [],
      controlledOut: [],
    })
  }
  const bySigner = new Map(flows.map((flow) => [flow.signer, flow]))
  addControlledOutflows(context, controller, bySigner)
  for (const delta of tokenDeltas) {
    const entry = context.entries[delta.index]
    const owner = (entry?.exists ? getTokenFields(entry)?.owner : undefined) ?? delta.owner
    const flow = bySigner.get(owner)
    if (!flow) continue
    if (delta.post > delta.pre) {
      flow.tokensIn.push({ mint: delta.mint, amount: delta.post - delta.pre })
      continue
    }
    if (delta.post === delta.pre) continue
    const account = keys[delta.index] as AccountKey
    const amount = delta.pre - delta.post
    const recipients: AccountKey[] = []
    for (const other of tokenDeltas) {
      if (other.mint !== delta.mint || other.post <= other.pre || other.owner === owner) continue
      if (!recipients.includes(other.owner)) recipients.push(other.owner)
    }
    const signed = evidence.tokensOut.get(account) ?? 0n
    flow.tokensOut.push({
      account,
      mint: delta.mint,
      balance: delta.pre,
      amount,
      recipients,
      unexplained: amount > signed ? amount - signed : 0n,
    })
  }
  return flows
}

/** Lamports leaving stake and nonce accounts a signer controlled before the transaction (a withdrawal), and who gained them. */
function addControlledOutflows(context: VectorContext, controller: ControllerLookup, bySigner: Map<AccountKey, SignerFlows>): void {
  const { keys, entries } = context
  if (!entries) return
  let gainers: Array<{ key: AccountKey; gained: bigint }> | undefined
  for (let i = context.signerCount; i < keys.length; i++) {
    if (!context.writable[i]) continue
    let owner: AccountKey | undefined
    for (const { role, holder } of getRolesBefore(entries[i])) {
      if (role === 'stake_withdrawer' || role === 'nonce_authority') owner = holder
    }
    const flow = owner === undefined ? undefined : bySigner.get(owner)
    if (!flow) continue
    const { before, after } = getLamports(context, i)
    if (after >= before) continue
    gainers ??= getLamportGainers(context)
    const recipients = gainers.filter(({ key }) => controller.get(key) !== flow.signer).map(({ key }) => key)
    flow.controlledOut.push({ account: keys[i] as AccountKey, balance: before, amount: before - after, recipients })
  }
}

function getLamportGainers(context: VectorContext): Array<{ key: AccountKey; gained: bigint }> {
  const out: Array<{ key: AccountKey; gained: bigint }> = []
  for (let i = 0; i < context.keys.length; i++) {
    if (!context.writable[i]) continue
    const { before, after } = getLamports(context, i)
    if (after > before) out.push({ key: context.keys[i] as AccountKey, gained: after - before })
  }
  return out
}

/** Whether the signer gets anything back (SOL or tokens): a trade, not a drain. */
export function isReceiving(flow: SignerFlows): boolean {
  return flow.lamportsIn > 0n || flow.tokensIn.length > 0
}
