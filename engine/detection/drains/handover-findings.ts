/**
 * Control a signer hands to another key, read from the state before and after the simulation:
 * whatever instruction or CPI did it, and whether or not the receiver also signs (a drainer that
 * pays the fee co-signs). An authority renounced (set to none) is not handed to anyone.
 */
import type { RiskFinding } from '../../contract/simulate-response.js'
import { getTokenFields } from '../../hot-path/state/token-account.js'
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { SYSTEM_PROGRAM } from '../../hot-path/svm/well-known-programs.js'
import { isSignerKey, type VectorContext } from '../vectors/vector-context.js'
import { type AccountRole, getDelegatedAmount, type RoleHolder } from './account-roles.js'
import { getRequestRolesAfter, getRolesBefore } from './account-state-roles.js'
import { getDelegateRisk, isNearFullDelegation } from '../tokens/delegate-risk.js'
import { findInstructionIndex } from './instruction-evidence.js'

/** A hand-over, for the findings and the summary. */
export interface Handover {
  signer: AccountKey
  account: AccountKey
  role: AccountRole | 'account_owner_program'
  to: AccountKey
  /** For a delegate: the amount it may move, and the balance. */
  delegatedAmount?: bigint
  balance?: bigint
  mint?: AccountKey
}

const ROLE_FINDINGS: Record<Exclude<AccountRole, 'token_delegate'>, { code: string; what: string }> = {
  token_owner: { code: 'token_authority_transferred', what: 'ownership of token account' },
  token_close: { code: 'token_authority_transferred', what: 'the close authority of token account' },
  mint_authority: { code: 'mint_authority_transferred', what: 'the mint authority of' },
  freeze_authority: { code: 'mint_authority_transferred', what: 'the freeze authority of' },
  nonce_authority: { code: 'nonce_authority_transferred', what: 'the authority of durable-nonce account' },
  stake_staker: { code: 'stake_authority_transferred', what: 'the staker authority of stake account' },
  stake_withdrawer: { code: 'stake_authority_transferred', what: 'the withdraw authority of stake account' },
  upgrade_authority: { code: 'upgrade_authority_transferred', what: 'the upgrade authority of program data' },
}

/** The instruction of the program owning the account (System for a wallet): the one that changes it. */
function place(context: VectorContext, account: AccountKey, owner: Uint8Array): number | null {
  return findInstructionIndex(context, account, toAccountKey(owner))
}

function findHolder(roles: readonly RoleHolder[], role: AccountRole): AccountKey | null {
  for (const entry of roles) if (entry.role === role) return entry.holder
  return null
}

/** Every hand-over of control by a signer, with its finding. */
export function getHandovers(context: VectorContext): { handovers: Handover[]; findings: RiskFinding[] } {
  const handovers: Handover[] = []
  const findings: RiskFinding[] = []
  const { keys, entries, post, name } = context
  if (!entries || !post) return { handovers, findings }
  for (let i = 0; i < keys.length; i++) {
    if (!context.writable[i]) continue
    const account = keys[i] as AccountKey
    const before = entries[i]
    const after = post.get(account)
    if (!before?.exists || !after) continue
    // Only a signer's wallet (its owner) and accounts with roles before (their data) need the post state read.
    if (i < context.signerCount && toAccountKey(before.owner) === SYSTEM_PROGRAM && before.data.length === 0) {
      const program = toAccountKey(after.owner())
      if (program !== SYSTEM_PROGRAM && after.lamports() > 0n) {
        handovers.push({ signer: account, account, role: 'account_owner_program', to: program })
        findings.push({
          code: 'owner_reassigned',
          severity: 'critical',
          message: `the signer's account is assigned to program ${name(program)}, which then controls it and everything sent to it`,
          instruction_index: place(context, account, before.owner),
          accounts: [name(account), name(program)],
        })
      }
      continue
    }
    const rolesBefore = getRolesBefore(before)
    if (rolesBefore.length === 0) continue
    const rolesAfter = getRequestRolesAfter(context, before, after)
    const tokenOwner = findHolder(rolesBefore, 'token_owner')
    // Without a close authority the owner closes the account: a close authority set is taken from the owner.
    const checked: readonly RoleHolder[] =
      tokenOwner !== null && findHolder(rolesBefore, 'token_close') === null
        ? [...rolesBefore, { role: 'token_close', holder: tokenOwner }]
        : rolesBefore
    for (const { role, holder } of checked) {
      if (role === 'token_delegate' || !isSignerKey(context, holder)) continue
      const now = findHolder(rolesAfter, role)
      // Gone with the account (closed) or renounced: nobody receives it.
      if (now === null || now === holder || rolesAfter.length === 0) continue
      const { code, what } = ROLE_FINDINGS[role]
      handovers.push({ signer: holder, account, role, to: now })
      findings.push({
        code,
        severity: 'critical',
        message: `the signer hands ${what} ${name(account)} to ${name(now)}`,
        instruction_index: place(context, account, before.owner),
        accounts: [name(account), name(now)],
      })
    }
    // A delegate newly set, or allowed more, on a token account a signer owns.
    if (tokenOwner !== null && isSignerKey(context, tokenOwner)) {
      const delegate = findHolder(rolesAfter, 'token_delegate')
      if (delegate === null || delegate === tokenOwner) continue
      const amountAfter = getDelegatedAmount(after.data())
      const sameDelegate = findHolder(rolesBefore, 'token_delegate') === delegate
      if (sameDelegate && amountAfter <= getDelegatedAmount(before.data)) continue
      const balance = getTokenFields(before)?.amount ?? 0n
      const mint = getTokenFields(before)?.mint
      handovers.push({
        signer: tokenOwner,
        account,
        role: 'token_delegate',
        to: delegate,
        delegatedAmount: amountAfter,
        balance,
        ...(mint ? { mint } : {}),
      })
      const risk = getDelegateRisk({ delegate: name(delegate), delegatedAmount: amountAfter, balance })
      if (risk.level === 'safe') continue
      const unlimited = isNearFullDelegation(amountAfter, balance)
      findings.push({
        code: 'token_delegate_approved',
        severity: risk.level,
        message: `the signer lets ${name(delegate)} spend ${unlimited ? 'its whole balance' : `${amountAfter} base units`} of token account ${name(account)} (${risk.reasons.join('; ')})`,
        instruction_index: place(context, account, before.owner),
        accounts: [name(account), name(delegate)],
      })
    }
  }
  return { handovers, findings: findings.sort(byInstruction) }
}

function byInstruction(a: RiskFinding, b: RiskFinding): number {
  return (a.instruction_index ?? Number.MAX_SAFE_INTEGER) - (b.instruction_index ?? Number.MAX_SAFE_INTEGER)
}
