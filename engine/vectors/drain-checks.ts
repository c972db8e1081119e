/**
 * What drains a signer, found from the instructions and from the simulated state (scanners that
 * read balance changes alone have missed an ownership `assign`): a signer's wallet assigned to
 * another program, a signer's token account handed to someone else (SetAuthority, or a delegate
 * through Approve), a signer's token account closed to a foreign destination, a durable-nonce
 * advance (the transaction can be held and replayed later), and lamports or tokens leaving a
 * signer, by something other than the transfers it signs, while it receives nothing back.
 */
import { isZeroKey } from '../decode/key-bytes.js'
import { readU32, readU64 } from '../decode/little-endian.js'
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../svm/well-known-programs.js'
import { decodeTokenAuthorities, getTokenFields, type TokenAccountAuthorities } from '../simulate/token-account.js'
import type { RiskFinding } from '../simulate/simulate-types.js'
import { type AccountKey, toAccountKey } from '../state/account-key.js'
import { isSignerIndex, isSignerKey, type VectorContext } from './vector-context.js'

const SYSTEM_CREATE_ACCOUNT = 0
const SYSTEM_ASSIGN = 1
const SYSTEM_TRANSFER = 2
const SYSTEM_ADVANCE_NONCE = 4
const TOKEN_TRANSFER = 3
const TOKEN_APPROVE = 4
const TOKEN_SET_AUTHORITY = 6
const TOKEN_BURN = 8
const TOKEN_CLOSE_ACCOUNT = 9
const TOKEN_TRANSFER_CHECKED = 12
const TOKEN_APPROVE_CHECKED = 13
const TOKEN_BURN_CHECKED = 15
/** SetAuthority's AuthorityType: MintTokens, FreezeAccount, AccountOwner, CloseAccount. */
const AUTHORITY_NAMES = ['mint', 'freeze', 'owner', 'close'] as const
const U64_MAX = 0xffff_ffff_ffff_ffffn
/** Outflows below this are noise (rounding of rent, tiny tips): 0.0001 SOL. */
const MIN_UNEXPLAINED_LAMPORTS = 100_000n
/** Rent-exempt minimum of an account: (128 + data length) bytes × 3,480 lamports a byte-year × 2 years. */
const RENT_LAMPORTS_PER_BYTE = 6_960n
const ACCOUNT_STORAGE_OVERHEAD = 128n

/** A u32 tag, or -1 when the data is too short to hold one. */
function readTag(data: Uint8Array): number {
  return data.length < 4 ? -1 : readU32(data, 0)
}

/** A u64 amount, or undefined when the data is too short to hold it. */
function readAmount(data: Uint8Array, offset: number): bigint | undefined {
  return data.length < offset + 8 ? undefined : readU64(data, offset)
}

/** What the instruction pass learns besides findings: the outflows the signers explicitly sign. */
interface ExplicitFlows {
  /** Lamports each account sends by top-level System transfers and account creations. */
  lamports: Map<AccountKey, bigint>
  /** Token base units leaving each token account by top-level transfers and burns. */
  tokens: Map<AccountKey, bigint>
}

function add(map: Map<AccountKey, bigint>, key: AccountKey | undefined, amount: bigint | undefined): void {
  if (key === undefined || amount === undefined) return
  map.set(key, (map.get(key) ?? 0n) + amount)
}

/** Findings read from the top-level instructions, and the flows they make explicit. */
function checkInstructions(context: VectorContext, findings: RiskFinding[], flows: ExplicitFlows): void {
  const { tx, keys, name } = context
  const key = (indexes: Uint8Array, k: number): AccountKey | undefined => {
    const index = indexes[k]
    return index === undefined ? undefined : keys[index]
  }
  const names = (indexes: Uint8Array, ...positions: number[]): string[] => {
    const out: string[] = []
    for (const k of positions) {
      const found = key(indexes, k)
      if (found !== undefined) out.push(name(found))
    }
    return out
  }
  for (let i = 0; i < tx.instructions.length; i++) {
    const instruction = tx.instructions[i]!
    const program = keys[instruction.programIdIndex]
    const { data, accountIndexes } = instruction
    if (program === SYSTEM_PROGRAM) {
      const tag = readTag(data)
      if (tag === SYSTEM_ASSIGN && data.length >= 36 && isSignerIndex(context, accountIndexes[0]) && !isZeroKey(data, 4)) {
        findings.push({
          code: 'owner_reassigned',
          severity: 'critical',
          message: `the signer's account is assigned to program ${name(toAccountKey(data.subarray(4, 36)))}, which then controls it and everything sent to it`,
          instruction_index: i,
          accounts: [...names(accountIndexes, 0), name(toAccountKey(data.subarray(4, 36)))],
        })
      } else if (tag === SYSTEM_ADVANCE_NONCE && i === 0) {
        findings.push({
          code: 'durable_nonce',
          severity: 'medium',
          message: 'the transaction uses a durable nonce: it does not expire, so whoever holds it signed can send it at any later time',
          instruction_index: i,
          accounts: names(accountIndexes, 0, 2),
        })
      } else if (tag === SYSTEM_TRANSFER || tag === SYSTEM_CREATE_ACCOUNT) {
        add(flows.lamports, key(accountIndexes, 0), readAmount(data, 4))
      }
      continue
    }
    if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) continue
    switch (data[0]) {
      case TOKEN_TRANSFER:
      case TOKEN_TRANSFER_CHECKED:
      case TOKEN_BURN:
      case TOKEN_BURN_CHECKED:
        add(flows.tokens, key(accountIndexes, 0), readAmount(data, 1))
        break
      case TOKEN_APPROVE:
      case TOKEN_APPROVE_CHECKED: {
        const checked = data[0] === TOKEN_APPROVE_CHECKED
        const delegatePosition = checked ? 2 : 1
        const ownerPosition = checked ? 3 : 2
        if (!isSignerIndex(context, accountIndexes[ownerPosition]) || isSignerIndex(context, accountIndexes[delegatePosition])) break
        const amount = readAmount(data, 1)
        const source = key(accountIndexes, 0)
        const entry = source === undefined ? undefined : context.entries?.[accountIndexes[0]!]
        const balance = entry?.exists ? getTokenFields(entry)?.amount : undefined
        const unlimited = amount === U64_MAX || (amount !== undefined && balance !== undefined && amount >= balance)
        findings.push({
          code: 'token_delegate_approved',
          severity: unlimited ? 'critical' : 'high',
          message: unlimited
            ? 'the signer lets another account spend its whole token balance (Approve)'
            : `the signer lets another account spend ${amount ?? 'some'} of its tokens (Approve)`,
          instruction_index: i,
          accounts: names(accountIndexes, 0, delegatePosition),
        })
        break
      }
      case TOKEN_SET_AUTHORITY: {
        // [account or mint, current authority]; data: type u8, COption<Pubkey> as a u8 tag then 32 bytes.
        if (data.length < 35 || data[2] !== 1 || !isSignerIndex(context, accountIndexes[1])) break
        const newAuthority = toAccountKey(data.subarray(3, 35))
        if (isSignerKey(context, newAuthority)) break // handed to another signer of the same transaction
        const kind = AUTHORITY_NAMES[data[1]!] ?? 'other'
        findings.push({
          code: kind === 'mint' || kind === 'freeze' ? 'mint_authority_transferred' : 'token_authority_transferred',
          severity: kind === 'other' ? 'high' : 'critical',
          message: `the signer hands the ${kind} authority of ${names(accountIndexes, 0)[0] ?? 'an account'} to ${name(newAuthority)}`,
          instruction_index: i,
          accounts: [...names(accountIndexes, 0), name(newAuthority)],
        })
        break
      }
      case TOKEN_CLOSE_ACCOUNT:
        if (!isSignerIndex(context, accountIndexes[2]) || isSignerIndex(context, accountIndexes[1])) break
        findings.push({
          code: 'token_account_closed_to_other',
          severity: 'high',
          message: "the signer's token account is closed and its lamports go to another account",
          instruction_index: i,
          accounts: names(accountIndexes, 0, 1),
        })
        break
    }
  }
}

function hasFinding(findings: readonly RiskFinding[], code: string, account: string): boolean {
  return findings.some((finding) => finding.code === code && finding.accounts[0] === account)
}

function isSystemOwner(owner: Uint8Array): boolean {
  return toAccountKey(owner) === SYSTEM_PROGRAM
}

/** Findings read from the state the simulation left: they catch what a CPI did out of the instructions' sight. */
function checkState(context: VectorContext, findings: RiskFinding[]): void {
  const { keys, entries, post, name } = context
  if (!entries || !post) return
  for (let i = 0; i < keys.length; i++) {
    if (!context.writable[i]) continue
    const key = keys[i]!
    const before = entries[i]
    const after = post.get(key)
    if (!before?.exists || !after) continue
    if (i < context.signerCount) {
      if (isSystemOwner(before.owner) && before.data.length === 0) {
        const owner = after.owner()
        if (!isSystemOwner(owner) && !hasFinding(findings, 'owner_reassigned', name(key))) {
          findings.push({
            code: 'owner_reassigned',
            severity: 'critical',
            message: `a program the transaction calls assigns the signer's account to ${name(toAccountKey(owner))}`,
            instruction_index: null,
            accounts: [name(key), name(toAccountKey(owner))],
          })
        }
      }
      continue
    }
    const token = getTokenFields(before)
    if (!token || !isSignerKey(context, token.owner)) continue
    const was = decodeTokenAuthorities(before.data)
    const now = decodeTokenAuthorities(after.data())
    if (was && now) compareAuthorities(context, findings, key, was, now)
  }
}

function compareAuthorities(
  context: VectorContext,
  findings: RiskFinding[],
  account: AccountKey,
  was: TokenAccountAuthorities,
  now: TokenAccountAuthorities,
): void {
  const accountName = context.name(account)
  const report = (code: string, severity: RiskFinding['severity'], message: string, to: AccountKey) => {
    if (hasFinding(findings, code, accountName)) return
    findings.push({ code, severity, message, instruction_index: null, accounts: [accountName, context.name(to)] })
  }
  if (now.owner !== was.owner && !isSignerKey(context, now.owner)) {
    report(
      'token_authority_transferred',
      'critical',
      `a program the transaction calls makes ${context.name(now.owner)} the owner of the signer's token account`,
      now.owner,
    )
  }
  if (now.delegate !== null && now.delegate !== was.delegate && !isSignerKey(context, now.delegate)) {
    report(
      'token_delegate_approved',
      'high',
      `a program the transaction calls lets ${context.name(now.delegate)} spend the signer's tokens`,
      now.delegate,
    )
  }
  if (now.closeAuthority !== null && now.closeAuthority !== was.closeAuthority && !isSignerKey(context, now.closeAuthority)) {
    report(
      'token_authority_transferred',
      'critical',
      `a program the transaction calls gives ${context.name(now.closeAuthority)} the close authority of the signer's token account`,
      now.closeAuthority,
    )
  }
}

/** Rent deposits into accounts the transaction creates (what the fee payer pays for, not loses). */
function getNewAccountRent(context: VectorContext): bigint {
  const { keys, entries, post } = context
  if (!entries || !post) return 0n
  let rent = 0n
  for (let i = 0; i < keys.length; i++) {
    if (!context.writable[i] || entries[i]?.exists) continue
    const after = post.get(keys[i]!)
    if (!after) continue
    const lamports = after.lamports()
    const exempt = (ACCOUNT_STORAGE_OVERHEAD + BigInt(after.data().length)) * RENT_LAMPORTS_PER_BYTE
    rent += lamports < exempt ? lamports : exempt
  }
  return rent
}

/** Outflows from signers that no instruction they sign explains and for which they receive nothing. */
function checkOutflows(context: VectorContext, findings: RiskFinding[], flows: ExplicitFlows): void {
  if (!context.success || !context.entries) return
  const { keys, name, balanceChanges, tokenDeltas } = context
  let newAccountRent: bigint | undefined
  for (let i = 0; i < context.signerCount; i++) {
    const signer = keys[i]!
    const signerName = name(signer)
    let lamportsOut = 0n
    let received = false
    for (const change of balanceChanges) {
      if (change.mint !== null || change.account !== signerName) continue
      const delta = BigInt(change.delta)
      if (delta > 0n) received = true
      else lamportsOut = -delta
    }
    // Token rows in raw form: the account is known by its index, no name has to be matched back.
    const tokensOut: Array<{ index: number; amount: bigint }> = []
    for (const change of tokenDeltas) {
      if (change.owner !== signer) continue
      if (change.post > change.pre) received = true
      else if (change.post < change.pre) tokensOut.push({ index: change.index, amount: change.pre - change.post })
    }
    if (received) continue
    if (i === 0) {
      newAccountRent ??= getNewAccountRent(context)
      lamportsOut -= context.fee.feeLamports + newAccountRent
    }
    lamportsOut -= flows.lamports.get(signer) ?? 0n
    if (lamportsOut >= MIN_UNEXPLAINED_LAMPORTS) {
      findings.push({
        code: 'unexplained_outflow',
        severity: 'high',
        message: `${lamportsOut} lamports leave the signer through a program it calls, and it receives nothing in return`,
        instruction_index: null,
        accounts: [signerName],
      })
    }
    for (const { index, amount } of tokensOut) {
      const account = keys[index]!
      const unexplained = amount - (flows.tokens.get(account) ?? 0n)
      if (unexplained <= 0n) continue
      findings.push({
        code: 'unexplained_outflow',
        severity: 'high',
        message: `${unexplained} tokens leave the signer's account ${name(account)} through a program it calls, and it receives nothing in return`,
        instruction_index: null,
        accounts: [name(account), signerName],
      })
    }
  }
}

/** Every drain finding of the transaction: instructions first, then what only the state shows. */
export function getDrainFindings(context: VectorContext): RiskFinding[] {
  const findings: RiskFinding[] = []
  const flows: ExplicitFlows = { lamports: new Map(), tokens: new Map() }
  checkInstructions(context, findings, flows)
  checkState(context, findings)
  checkOutflows(context, findings, flows)
  return findings
}
