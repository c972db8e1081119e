/**
 * What a drainer dresses a transaction in: a memo carrying a link (the lure of a dust
 * "airdrop"), a priority fee that takes most of the payer's balance, and a durable nonce that lets
 * whoever holds the signed transaction send it whenever they like.
 */
import type { RiskFinding } from '../../contract/simulate-response.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { VectorContext } from '../vectors/vector-context.js'
import type { InstructionEvidence } from './instruction-evidence.js'

/** TLDs of bare domains read as links (without a path, "shop.example" would be any sentence with a dot). */
const SCAM_TLDS =
  'com|net|org|io|xyz|app|gg|fun|site|top|me|co|link|info|pro|live|click|online|claims?|vip|cc|to|ly|sol|website|store|world|ru|cn|' +
  'biz|club|tech|dev|ai|finance|exchange|money|network|digital|space|today|life|win|bet|cash|gift|rewards?|airdrop|events?|ws|tk|' +
  'ml|ga|cf|gq|pw|su|lol|icu|buzz|shop|cfd|sbs|us|uk'
/** A URL, or a domain: what a memo has no business carrying. */
const LINK_PATTERN = new RegExp(
  [
    String.raw`(?:https?:\/\/|www\.)\S+`,
    // A host with a path (t.me/…, bit.ly/…), whatever its TLD.
    String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,24}\/\S*`,
    String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${SCAM_TLDS})\b`,
  ].join('|'),
  'i',
)
/** The fee takes this share of the payer's balance or more: the transaction is a fee drain. */
const FEE_DRAIN_CRITICAL_BPS = 5_000n
const FEE_DRAIN_HIGH_BPS = 1_000n
/** Below this, no fee is worth a finding whatever the balance (0.01 SOL). */
const MIN_FEE_DRAIN_LAMPORTS = 10_000_000n

/** The link a memo carries, or null. */
export function findMemoLink(text: string): string | null {
  return LINK_PATTERN.exec(text)?.[0] ?? null
}

export interface LureInputs {
  context: VectorContext
  evidence: InstructionEvidence
  /** Signers that lose value or control to another key in this transaction. */
  losers: ReadonlySet<AccountKey>
}

/** The lure findings of the transaction. */
export function getLureFindings({ context, evidence, losers }: LureInputs): RiskFinding[] {
  const findings: RiskFinding[] = []
  const { name } = context
  for (const memo of evidence.memos) {
    const link = findMemoLink(memo.text)
    if (link === null) continue
    findings.push({
      code: 'memo_link',
      severity: 'critical',
      message: `a memo carries a link (${link}): phishing lures ride on dust transfers and "claims"`,
      instruction_index: memo.instructionIndex,
      accounts: [],
    })
  }
  const payer = context.entries?.[0]
  const fee = context.fee.feeLamports
  if (payer?.exists && fee >= MIN_FEE_DRAIN_LAMPORTS) {
    const shareBps = (fee * 10_000n) / (payer.lamports > 0n ? payer.lamports : 1n)
    if (shareBps >= FEE_DRAIN_HIGH_BPS) {
      findings.push({
        code: 'fee_drain',
        severity: shareBps >= FEE_DRAIN_CRITICAL_BPS ? 'critical' : 'high',
        message: `the fee of ${fee} lamports takes ${Number(shareBps) / 100} % of the fee payer's balance`,
        instruction_index: null,
        accounts: [name(context.keys[0] as AccountKey)],
      })
    }
  }
  const { nonce } = evidence
  if (nonce) {
    // Another signer loses something while the nonce's authority holds the transaction: a drain sent whenever they like.
    const victims = [...losers].filter((signer) => signer !== nonce.authority)
    const own = victims.length === 0 && context.signerCount === 1
    findings.push({
      code: victims.length > 0 ? 'durable_nonce_drain' : 'durable_nonce',
      severity: victims.length > 0 ? 'critical' : own ? 'low' : 'medium',
      message:
        victims.length > 0
          ? `the transaction uses ${name(nonce.authority)}'s durable nonce while ${victims.map(name).join(', ')} loses value or control: it never expires, so its holder can send it at any later time`
          : 'the transaction uses a durable nonce: it does not expire, so whoever holds it signed can send it at any later time',
      instruction_index: 0,
      accounts: [name(nonce.account), name(nonce.authority), ...victims.map(name)],
    })
  }
  return findings
}
