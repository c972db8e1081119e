/**
 * The history journal on its own: what `journal-append` times, the cost every simulate now pays
 * before its answer leaves (callers/history-journal.ts): one JSON line of a full record, with
 * its signature, written with one write(2) to a segment in a fresh temporary directory.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { openHistoryJournal } from '../../callers/history-journal.js'

export interface BenchJournal {
  /** Appends one record (a realistic one: every field set, a 64-byte signature). */
  append(): void
  close(): void
}

/** Opens a journal in a temporary directory, removed on close. */
export function createBenchJournal(): BenchJournal {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-bench-journal-'))
  const journal = openHistoryJournal({ dir })
  const record: SimulationRecord = {
    userId: randomUUID(),
    apiKeyId: randomUUID(),
    createdAtMs: Date.now(),
    success: true,
    decision: 'approve',
    riskLevel: 'safe',
    mevScore: 0,
    mevLevel: 'none',
    failureCode: null,
    failureReason: null,
    computeUnits: 150,
    feeEstimateSol: 0.000005,
    latencyMs: 0.183,
    signature: null,
    cached: false,
    recordId: randomUUID(),
  }
  // A view into a larger buffer, as the signature slot of a wire transaction is.
  const transaction = new Uint8Array(randomBytes(256))
  const signature = transaction.subarray(1, 65)
  return {
    append: () => journal.append(record, signature),
    close() {
      journal.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
