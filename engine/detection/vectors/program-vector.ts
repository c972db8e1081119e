/**
 * The `program` vector: which programs the transaction invokes (top-level instructions and every
 * CPI the simulation logged), which of them are on the curated blacklist or the caller's own
 * block list, which are DEX venues, and what the transaction does to the signers' control and
 * assets (engine/detection/drains/: findings and a summary per signer). Blacklisted or blocked programs and
 * authority handed away are critical (docs/detection.md#risk-levels).
 */
import { DEX_PROGRAM_NAMES } from '../programs/dex-program-names.js'
import type { ProgramBlacklist } from '../programs/program-blacklist.js'
import type { CallNode } from '../../hot-path/svm/call-tree.js'
import type { BlacklistedProgram, RiskFinding } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import { analyzeDrains, type DrainAnalysis, type DrainAnalysisDependencies, type SignerSummary } from '../drains/drain-analysis.js'
import { KNOWN_AUTHORITIES } from '../programs/known-authorities.js'
import { createLookalikeIndex, type LookalikeIndex } from '../drains/lookalike-address.js'
import { toBase58Address } from '../../hot-path/state/account-key.js'
import { getHighestRiskLevel } from './risk-level.js'
import type { VectorContext } from './vector-context.js'
import { defineDetectionVector } from './detection-vector.js'

export interface ProgramVectorDependencies {
  blacklist: ProgramBlacklist
  /** The tenant's own blocked programs; absent when no accounts service is reachable. */
  getTenantBlocks?: (tenantId: string) => ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>>
  drains: DrainAnalysisDependencies
}

export interface ProgramFindings {
  blacklisted: BlacklistedProgram[]
  dexPrograms: Array<{ program_id: string; name: string }>
  findings: RiskFinding[]
  summary: SignerSummary[]
  riskLevel: RiskLevel
}

const NO_BLOCKS: ReadonlySet<AccountKey> = new Set()

function collectCallTree(nodes: readonly CallNode[], out: string[]): void {
  for (const node of nodes) {
    if (!out.includes(node.program_id)) out.push(node.program_id)
    if (node.children.length > 0) collectCallTree(node.children, out)
  }
}

/** Invoked program ids (base58) in order of first invocation: top-level ones, then what the logs show they called. */
export function getInvokedPrograms(context: VectorContext): { ids: string[]; keys: Map<string, AccountKey> } {
  const ids: string[] = []
  const keys = new Map<string, AccountKey>()
  for (const instruction of context.tx.instructions) {
    const key = context.keys[instruction.programIdIndex]
    if (key === undefined) continue
    const id = context.name(key)
    keys.set(id, key)
    if (!ids.includes(id)) ids.push(id)
  }
  collectCallTree(context.callTree, ids)
  return { ids, keys }
}

function toFindings(
  context: VectorContext,
  blacklist: ProgramBlacklist,
  tenantBlocks: ReadonlySet<AccountKey>,
  invoked: { ids: string[]; keys: Map<string, AccountKey> },
  drains: DrainAnalysis,
): ProgramFindings {
  const blacklisted: BlacklistedProgram[] = []
  const dexPrograms: Array<{ program_id: string; name: string }> = []
  for (const id of invoked.ids) {
    const entry = blacklist.get(id)
    if (entry) blacklisted.push({ program_id: id, reason: entry.reason, source: entry.source })
    else if (tenantBlocks.size > 0 && isTenantBlocked(tenantBlocks, invoked.keys.get(id), id, context)) {
      blacklisted.push({ program_id: id, reason: "on the caller's program block list", source: 'tenant' })
    }
    const dexName = DEX_PROGRAM_NAMES.get(id)
    if (dexName !== undefined) dexPrograms.push({ program_id: id, name: dexName })
  }
  const { findings, summary } = drains
  const levels: RiskLevel[] = findings.map((finding) => finding.severity)
  if (blacklisted.length > 0) levels.push('critical')
  return { blacklisted, dexPrograms, findings, summary, riskLevel: getHighestRiskLevel(levels) }
}

function isTenantBlocked(blocks: ReadonlySet<AccountKey>, key: AccountKey | undefined, id: string, context: VectorContext): boolean {
  if (key !== undefined) return blocks.has(key)
  // A CPI's program is known by its base58 id only: compare names of the (few) blocked keys.
  for (const blocked of blocks) if (context.name(blocked) === id) return true
  return false
}

/** Runs the vector; asynchronous only while the tenant's block list or a signer's history is being loaded. */
export function runProgramVector(context: VectorContext, deps: ProgramVectorDependencies): ProgramFindings | Promise<ProgramFindings> {
  const invoked = getInvokedPrograms(context)
  const tenantBlocks = context.tenantId !== undefined && deps.getTenantBlocks ? deps.getTenantBlocks(context.tenantId) : NO_BLOCKS
  const drains = analyzeDrains(context, deps.drains)
  // What cannot be loaded in time leaves the vector unanswered (timed_out_vectors): the verdict
  // must not pretend the caller's blocks or the wallet's history were checked.
  if (tenantBlocks instanceof Promise || drains instanceof Promise) {
    return Promise.all([tenantBlocks, drains]).then(([blocks, analysis]) => toFindings(context, deps.blacklist, blocks, invoked, analysis))
  }
  return toFindings(context, deps.blacklist, tenantBlocks, invoked, drains)
}

/** Short symbols of the established mints ("USDC (Circle)" → "USDC"). */
function createSymbolOf(established: ReadonlyMap<AccountKey, string>): (mint: AccountKey) => string | null {
  const symbols = new Map<AccountKey, string>()
  for (const [mint, label] of established) symbols.set(mint, label.split(' ')[0] as string)
  return (mint) => symbols.get(mint) ?? null
}

/** Addresses a poisoner imitates: the established mints, the DEX programs and the known authorities. */
function getWellKnownAddresses(established: ReadonlyMap<AccountKey, string>): LookalikeIndex {
  const out = new Set<string>(DEX_PROGRAM_NAMES.keys())
  for (const mint of established.keys()) out.add(toBase58Address(mint))
  for (const address of KNOWN_AUTHORITIES.keys()) out.add(address)
  return createLookalikeIndex(out, 'both_ends')
}

/** The `program` vector (registry entry): the curated blacklist and the tenant's own blocks. */
export const programVector = defineDetectionVector({
  name: 'program',
  reads: ['programBlacklist', 'tenantBlocks', 'counterparties', 'establishedMints'],
  bind(sources) {
    const deps: ProgramVectorDependencies = {
      blacklist: sources.programBlacklist,
      ...(sources.tenantBlocks ? { getTenantBlocks: sources.tenantBlocks } : {}),
      drains: {
        ...(sources.counterparties ? { counterparties: sources.counterparties } : {}),
        symbolOf: createSymbolOf(sources.establishedMints),
        wellKnown: getWellKnownAddresses(sources.establishedMints),
      },
    }
    return (context) => runProgramVector(context, deps)
  },
  contribute(findings, draft) {
    draft.levels.push(findings.riskLevel)
    draft.risk.blacklist_entries = findings.blacklisted
    draft.risk.dex_programs = findings.dexPrograms
    draft.risk.findings = findings.findings
    draft.summary = findings.summary
  },
})
