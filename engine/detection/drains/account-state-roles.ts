/**
 * The roles of an account before and after the simulation, each decoded once: before from the
 * cached entry (kept per entry, so a warm request decodes nothing), after from the SVM's post
 * account (whose fields are each read over N-API once: simulate/post-accounts.ts).
 */
import type { PostAccount } from '../../hot-path/svm/post-accounts.js'
import { isTokenProgram } from '../../hot-path/state/token-account.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { AccountEntry } from '../../hot-path/state/cached-account.js'
import { createMemoSlot, getOnce, type VectorContext } from '../vectors/vector-context.js'
import { getAccountRoles, type RoleHolder } from './account-roles.js'

const NO_ROLES: readonly RoleHolder[] = []
// Per cached entry: entries outlive requests (a new version is a new entry), so the WeakMap
// forgets a version with it. Post accounts are the request's own: their roles live in its memo.
const rolesBefore = new WeakMap<AccountEntry, readonly RoleHolder[]>()
const ROLES_AFTER = createMemoSlot<Map<PostAccount, readonly RoleHolder[]>>('roles after')
const CONTROLLER_LOOKUP = createMemoSlot<ControllerLookup>('controller lookup')

/** The roles of an account as cached before the transaction. */
export function getRolesBefore(entry: AccountEntry | undefined): readonly RoleHolder[] {
  if (!entry?.exists) return NO_ROLES
  let roles = rolesBefore.get(entry)
  if (roles === undefined) {
    roles = entry.data.length === 0 ? NO_ROLES : getAccountRoles(entry.owner, entry.data)
    rolesBefore.set(entry, roles)
  }
  return roles
}

/**
 * The owner program of an account after the simulation. A token program never reassigns an
 * account it owns (closing one empties its data instead), so a token account that still holds
 * data has the owner it had: only other accounts need the owner read (balance-changes.ts reads
 * token balances on the same rule).
 */
function getOwnerAfter(before: AccountEntry | undefined, after: PostAccount): Uint8Array {
  return before?.exists && isTokenProgram(before.owner) ? before.owner : after.owner()
}

/** The roles of an account after the simulation (its owner is read only when it holds data). */
export function getRolesAfter(before: AccountEntry | undefined, after: PostAccount): readonly RoleHolder[] {
  const data = after.data()
  return data.length === 0 ? NO_ROLES : getAccountRoles(getOwnerAfter(before, after), data)
}

function createRolesMemo(): Map<PostAccount, readonly RoleHolder[]> {
  return new Map()
}

/** `getRolesAfter`, decoded once per request and account (the controller lookup and the handover findings both ask). */
export function getRequestRolesAfter(context: VectorContext, before: AccountEntry | undefined, after: PostAccount): readonly RoleHolder[] {
  const memo = getOnce(context, ROLES_AFTER, createRolesMemo)
  let roles = memo.get(after)
  if (roles === undefined) {
    roles = getRolesAfter(before, after)
    memo.set(after, roles)
  }
  return roles
}

/** Who controls an account: its key's holder for a signer, else the holder of its controlling role. */
export type ControllerLookup = Pick<ReadonlyMap<AccountKey, AccountKey>, 'get'>

/** The roles whose holder controls an account's value: a token account's owner, a stake account's withdrawer, a nonce account's authority. */
export function isControllingRole(role: RoleHolder['role']): boolean {
  return role === 'token_owner' || role === 'stake_withdrawer' || role === 'nonce_authority'
}

/** Who controlled an account before the transaction (undefined for an account without a controlling role). */
export function getControllerBefore(entry: AccountEntry | undefined): AccountKey | undefined {
  let controller: AccountKey | undefined
  for (const { role, holder } of getRolesBefore(entry)) if (isControllingRole(role)) controller = holder
  return controller
}

/** The controller lookup of `context`, made once per request (the drain analysis and the rug vector share it). */
export function getControllerLookup(context: VectorContext): ControllerLookup {
  return getOnce(context, CONTROLLER_LOOKUP, createControllerLookup)
}

/**
 * Who controls each account after the transaction (the token accounts a key owns, stake accounts
 * it withdraws, nonce accounts it authorizes; a signer's own account, which no role controls, is
 * its key's), looked up only for the accounts asked about.
 */
export function createControllerLookup(context: VectorContext): ControllerLookup {
  const memo = new Map<AccountKey, AccountKey | undefined>()
  return {
    get(key) {
      if (memo.has(key)) return memo.get(key)
      let controller: AccountKey | undefined
      const index = context.keys.indexOf(key)
      if (index >= 0) {
        const after = context.post?.get(key)
        const before = context.entries?.[index]
        const roles = after ? getRequestRolesAfter(context, before, after) : getRolesBefore(before)
        for (const { role, holder } of roles) if (isControllingRole(role)) controller = holder
        // A signer's key controls its account unless a role says otherwise: a new stake account's
        // key signs its creation, and its withdrawer controls it from then on.
        if (controller === undefined && index < context.signerCount) controller = key
      }
      memo.set(key, controller)
      return controller
    },
  }
}
