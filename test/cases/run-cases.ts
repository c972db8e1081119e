/**
 * Runs the case set: one localnet (with the Orca fixtures, optional program binaries) and one
 * engine fed by its geyser stream, in-process as startStack makes them; every case's state built
 * on it (several at a time: each case uses its own keys); then each transaction run by localnet's
 * own simulateTransaction (does the transaction itself work?) and judged by the engine under every
 * policy preset, one at a time.
 */
import { getTransactionDecoder } from '@solana/kit'
import { toBase64 } from '../helpers/transactions.js'
import { ORCA_ACCOUNTS_DIR } from '../helpers/fixtures.js'
import { toTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { createStack } from '../helpers/stack.js'
import { POLICY_PRESETS, type PolicyPreset } from '../../engine/contract/policy-input.js'
import type { RiskLevel } from '../../engine/contract/risk-levels.js'
import type { Decision } from '../../engine/contract/simulate-response.js'
import type { Engine } from '../../engine/engine.js'
import { CASES } from './case-set.js'
import { createCaseContext } from './case-context.js'
import type { BuiltCase, TransactionCase } from './case-types.js'

/** What the engine answered for a case under one preset. */
export interface PresetVerdict {
  decision: Decision
  /** `rule: message` of every decision reason. */
  reasons: string[]
  /** Codes of the risk findings. */
  findings: string[]
  riskLevel: RiskLevel
  success: boolean
  failureReason: string | null
  timedOutVectors: string[]
}

export interface CaseRun {
  testCase: TransactionCase
  /** judged: built and simulated; skipped: a program it needs is not loaded; broken: its build threw. */
  status: 'judged' | 'skipped' | 'broken'
  /** Why it was skipped or what broke. */
  note: string | null
  /** Setup transactions that landed (each confirmed by getSignatureStatuses). */
  landed: string[]
  /** What the build checked of its own state. */
  checks: string[]
  /** Localnet's own simulateTransaction of the judged transaction (signatures not verified): null when not judged. */
  localnet: { ok: boolean; error: string | null } | null
  verdicts: Partial<Record<PolicyPreset, PresetVerdict>>
}

export interface RunCasesOptions {
  cases?: readonly TransactionCase[]
  /** `<program-id>.so` files to load (LOCALNET_PROGRAMS_DIR), for the cases that need a program binary. */
  programsDir?: string
  /** Cases built at the same time (default 8). */
  concurrency?: number
}

const DEFAULT_CONCURRENCY = 8

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

type Built = { run: CaseRun; built: BuiltCase | null }

async function buildCase(localnet: TestLocalnet, testCase: TransactionCase): Promise<Built> {
  const context = createCaseContext(localnet, testCase.id)
  const run: CaseRun = {
    testCase,
    status: 'judged',
    note: null,
    landed: context.landed,
    checks: context.checks,
    localnet: null,
    verdicts: {},
  }
  const missing = (testCase.requiresPrograms ?? []).filter((program) => !localnet.chain.getAccount(program)?.executable)
  if (missing.length > 0) {
    run.status = 'skipped'
    run.note = `needs program ${missing.join(', ')}: put its <program-id>.so in LOCALNET_PROGRAMS_DIR`
    return { run, built: null }
  }
  try {
    const built = await testCase.build(context)
    const signatures = getTransactionDecoder().decode(built.transaction).signatures
    context.check(built.victim in signatures, `the wallet ${built.victim} signs the transaction`)
    context.check(signatures[built.victim] === null, "the wallet's signature is what is asked for: its slot is empty")
    return { run, built }
  } catch (error) {
    run.status = 'broken'
    run.note = error instanceof Error ? error.message : String(error)
    return { run, built: null }
  }
}

async function simulateOnLocalnet(localnet: TestLocalnet, transaction: Uint8Array): Promise<CaseRun['localnet']> {
  const answer = await localnet.call('simulateTransaction', [toBase64(transaction), { encoding: 'base64', sigVerify: false }])
  if (answer.error) return { ok: false, error: answer.error.message }
  const value = answer.result?.value as { err: unknown; logs?: string[] | null } | undefined
  if (!value) return { ok: false, error: 'no simulation result' }
  if (value.err === null) return { ok: true, error: null }
  const logs = (value.logs ?? []).slice(-3).join(' | ')
  return { ok: false, error: `${JSON.stringify(value.err)}${logs ? ` (${logs})` : ''}` }
}

async function judge(engine: Engine, transaction: Uint8Array, preset: PolicyPreset): Promise<PresetVerdict> {
  const response = await engine.simulate(transaction, { policy: preset })
  return {
    decision: response.decision,
    reasons: response.decision_reasons.map((reason) => `${reason.rule}: ${reason.message}`),
    findings: response.risk.findings.map((finding) => finding.code),
    riskLevel: response.risk.risk_level,
    success: response.success,
    failureReason: response.failure_reason,
    timedOutVectors: [...response.timed_out_vectors],
  }
}

/** Builds every case on a fresh localnet + engine and judges it under every preset; closes them after. */
export async function runCases(options: RunCasesOptions = {}): Promise<CaseRun[]> {
  const stack = await createStack({
    accountsDir: ORCA_ACCOUNTS_DIR,
    ...(options.programsDir ? { programsDir: options.programsDir } : {}),
    geyser: true,
  })
  try {
    const localnet = toTestLocalnet(stack.localnet)
    const built = await mapLimited(options.cases ?? CASES, options.concurrency ?? DEFAULT_CONCURRENCY, (testCase) =>
      buildCase(localnet, testCase),
    )
    // One simulation at a time: each answer is the engine's alone, not a race for its deadline.
    for (const { run, built: transaction } of built) {
      if (!transaction) continue
      run.localnet = await simulateOnLocalnet(localnet, transaction.transaction)
      for (const preset of POLICY_PRESETS) run.verdicts[preset] = await judge(stack.engine, transaction.transaction, preset)
    }
    return built.map(({ run }) => run)
  } finally {
    await stack.close()
  }
}
