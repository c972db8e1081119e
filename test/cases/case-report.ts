/**
 * The case set's scorecard per policy preset: how many drains were blocked, warned, approved; how
 * many benign transactions were approved, warned, blocked; precision and recall of `block` as the
 * drain detector; and every case whose verdict is not the one expected (`block` for a drain,
 * `approve` for a benign transaction).
 */
import { POLICY_PRESETS, type PolicyPreset } from '../../engine/contract/policy-input.js'
import type { Decision } from '../../engine/contract/simulate-response.js'
import type { CaseRun, PresetVerdict } from './run-cases.js'

export interface Misjudged {
  id: string
  kind: 'drain' | 'benign'
  expected: Decision
  verdict: PresetVerdict
}

export interface PresetScore {
  preset: PolicyPreset
  drains: Record<Decision, number>
  benign: Record<Decision, number>
  /** Blocked drains over everything blocked; null when nothing was blocked. */
  precision: number | null
  /** Blocked drains over every judged drain; null without drains. */
  recall: number | null
  misjudged: Misjudged[]
}

const zero = (): Record<Decision, number> => ({ approve: 0, warn: 0, block: 0 })

/** The score of every preset over the judged runs. */
export function getCaseScores(runs: readonly CaseRun[]): PresetScore[] {
  return POLICY_PRESETS.map((preset) => {
    const score: PresetScore = { preset, drains: zero(), benign: zero(), precision: null, recall: null, misjudged: [] }
    for (const run of runs) {
      const verdict = run.verdicts[preset]
      if (run.status !== 'judged' || !verdict) continue
      const { id, kind, expected } = run.testCase
      ;(kind === 'drain' ? score.drains : score.benign)[verdict.decision]++
      if (verdict.decision !== expected) score.misjudged.push({ id, kind, expected, verdict })
    }
    const blocked = score.drains.block + score.benign.block
    const drains = score.drains.block + score.drains.warn + score.drains.approve
    score.precision = blocked === 0 ? null : score.drains.block / blocked
    score.recall = drains === 0 ? null : score.drains.block / drains
    return score
  })
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`)

function describe(verdict: PresetVerdict): string {
  const parts = [verdict.decision, `risk ${verdict.riskLevel}`]
  if (verdict.findings.length > 0) parts.push(`findings ${verdict.findings.join(', ')}`)
  if (verdict.reasons.length > 0) parts.push(`reasons ${verdict.reasons.join('; ')}`)
  if (!verdict.success) parts.push(`simulation failed: ${verdict.failureReason ?? 'no reason'}`)
  if (verdict.timedOutVectors.length > 0) parts.push(`timed out: ${verdict.timedOutVectors.join(', ')}`)
  return parts.join(' | ')
}

/** The report `npm run cases` prints: a table per preset, the misjudged cases, and what could not be judged. */
export function formatCaseReport(runs: readonly CaseRun[]): string {
  const lines: string[] = []
  const judged = runs.filter((run) => run.status === 'judged')
  const drains = judged.filter((run) => run.testCase.kind === 'drain').length
  lines.push(`Case set: ${runs.length} cases, ${judged.length} judged (${drains} drains, ${judged.length - drains} benign)`)
  lines.push('')
  lines.push(
    '| preset | drains blocked | drains warned | drains approved | benign approved | benign warned | benign blocked | precision (block) | recall (block) |',
  )
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
  const scores = getCaseScores(runs)
  for (const score of scores) {
    const { drains: d, benign: b } = score
    lines.push(
      `| ${score.preset} | ${d.block} | ${d.warn} | ${d.approve} | ${b.approve} | ${b.warn} | ${b.block} | ${percent(score.precision)} | ${percent(score.recall)} |`,
    )
  }
  for (const score of scores) {
    lines.push('')
    lines.push(`Misjudged under ${score.preset} (${score.misjudged.length}):`)
    for (const miss of score.misjudged) lines.push(`- ${miss.id} (${miss.kind}, expected ${miss.expected}): ${describe(miss.verdict)}`)
  }
  const unjudged = runs.filter((run) => run.status !== 'judged')
  if (unjudged.length > 0) {
    lines.push('')
    lines.push(`Not judged (${unjudged.length}):`)
    for (const run of unjudged) lines.push(`- ${run.testCase.id}: ${run.status}, ${run.note ?? ''}`)
  }
  const broken = judged.filter((run) => !run.localnet?.ok)
  if (broken.length > 0) {
    lines.push('')
    lines.push(`Transactions that do not run on localnet itself (${broken.length}):`)
    for (const run of broken) lines.push(`- ${run.testCase.id}: ${run.localnet?.error ?? 'not simulated'}`)
  }
  return lines.join('\n')
}
