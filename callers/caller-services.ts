/**
 * What every door that serves a caller shares — REST, WebSocket and the engine's direct gRPC
 * port: authentication (with its cache), admission (rate limit and quota) and the off-hot-path
 * recorders of key usage and history. `npm start` builds one and hands it to the edge and the
 * engine's gRPC server, so a user has one budget and one history whichever door they use.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { UserService } from '../accounts/contract/index.js'
import type { InvalidationBus } from '../lib/auth-invalidation.js'
import type { Admission } from '../lib/limits/admission.js'
import type { Logger } from '../lib/logger.js'
import type { SimulateSummary } from '../engine/contract/serialized-simulate-response.js'
import type { ExecuteResponse } from '../engine/contract/execute-response.js'
import type { SendResponse } from '../engine/contract/send-response.js'
import type { SubmitResponse } from '../engine/contract/submit-response.js'
import type { SimulationRecord } from '../accounts/contract/index.js'
import { type Authenticator, createAuthenticator, type Principal } from './authenticator.js'
import { createKeyUsageCounter, type KeyUsageCounter } from './key-usage-counter.js'
import { createSimulationHistoryQueue, type SimulationHistoryQueue } from './simulation-history-queue.js'
import { toExecuteRecord, toSendRecord, toSimulationRecord, toSubmitRecord } from './to-simulation-record.js'
import type { HistoryJournal, JournalHealth } from './history-journal.js'
import { attachSignatureBytes, getFirstSignatureBytes, getRecordWithSignature } from './transaction-signature.js'

/** The calls that send a transaction; `response` is the answer of that call. */
export type TransactionCallKind = 'execute' | 'send' | 'submit'

export interface CallerServices {
  authenticator: Authenticator
  admission: Admission
  keyUsage: KeyUsageCounter
  history: SimulationHistoryQueue
  now: () => number
  /**
   * Throws `journal_unavailable` while a record could not be kept (the journal cannot write): a door
   * calls it before the work, so that nothing is simulated or sent for a call that will be refused.
   */
  assertRecordable(): void
  /** The journal's health; null without a journal (records then live in memory only: tests). */
  getJournalHealth(): JournalHealth | null
  /**
   * Journals and queues the history record of one simulation `principal` ran, whichever door it
   * came through; throws `journal_unavailable` when it cannot be journaled, and the call must then
   * be refused, not answered.
   */
  recordSimulation(principal: Principal, transaction: Uint8Array, response: SimulateSummary): void
  /** The same for one execute, send or submit `principal` made (`kind` beside simulations); throws `journal_unavailable` as recordSimulation does. */
  recordTransactionCall(
    principal: Principal,
    kind: TransactionCallKind,
    transaction: Uint8Array,
    response: ExecuteResponse | SendResponse | SubmitResponse,
  ): void
  /** Writes what is counted and recorded, then releases the admission store. Call after the doors stopped. */
  close(): Promise<void>
}

/** A uuid (RFC 9562 version 8) derived from the user and the transaction's first signature. */
function getSentRecordId(userId: string, transaction: Uint8Array): string {
  const hash = createHash('sha256')
    .update(userId)
    .update(getFirstSignatureBytes(transaction) ?? transaction)
    .digest()
  hash[6] = ((hash[6] as number) & 0x0f) | 0x80
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

export interface CallerServicesOptions {
  userService: Pick<UserService, 'authenticateApiKey' | 'getUserState' | 'recordKeyUsage' | 'recordSimulations'>
  /** The access tokens' HS256 key; without it bearer tokens are refused (the gRPC port takes API keys only). */
  signingKey?: Uint8Array
  admission: Admission
  logger: Logger
  invalidations?: InvalidationBus
  authCacheTtlMs?: number
  /** How long past its TTL a confirmed credential is served while the user service is unavailable (AUTH_STALE_MAX_MS; lib/auth-invalidation.ts getAuthStaleMaxMs); default 0. */
  authStaleMaxMs?: number
  /** How often key counts and history are written to the user service. */
  usageFlushIntervalMs?: number
  /**
   * Where each record is written before its caller is answered, so an acknowledged simulation
   * survives a crash; what a previous run left in it is delivered first. Without one, records
   * wait in memory only (tests).
   */
  journal?: HistoryJournal
  now?: () => number
}

/** Creates the shared caller services. */
export function createCallerServices(options: CallerServicesOptions): CallerServices {
  const { userService, logger, admission } = options
  const now = options.now ?? Date.now
  const flushIntervalMs = options.usageFlushIntervalMs
  const keyUsage = createKeyUsageCounter({ sink: (usage) => userService.recordKeyUsage(usage), flushIntervalMs, logger })
  const { journal } = options
  const history = createSimulationHistoryQueue({
    async sink(records) {
      await userService.recordSimulations(records.map(getRecordWithSignature))
      journal?.settle(records)
    },
    // Kept in the journal's refused file, out of the way of the records behind it.
    onRefused(record, error) {
      try {
        journal?.setAside(record, getRecordWithSignature(record), error instanceof Error ? error.message : String(error))
      } catch (writeError) {
        logger?.error(
          { err: writeError, recordId: record.recordId },
          'refused history record not written aside; the next start delivers it again',
        )
      }
    },
    flushIntervalMs,
    logger,
  })
  // What the last run acknowledged but did not deliver goes first, as it was answered first.
  for (const record of journal?.recovered ?? []) history.push(record)
  const authenticator = createAuthenticator({
    userService,
    signingKey: options.signingKey,
    now,
    cacheTtlMs: options.authCacheTtlMs,
    staleMaxMs: options.authStaleMaxMs,
    onApiKeyUse: (apiKeyId, nowMs) => keyUsage.record(apiKeyId, nowMs),
  })
  const unsubscribe = options.invalidations?.subscribe((event) => authenticator.invalidate(event))
  let closing: Promise<void> | undefined
  const record = (built: SimulationRecord, transaction: Uint8Array) => {
    built.recordId ??= randomUUID()
    const signature = getFirstSignatureBytes(transaction)
    // Written before the caller is answered (the caller of this function answers after it returns);
    // a record the journal refuses is not queued either: the call is refused, so it never happened.
    journal?.append(built, signature)
    // base58 is too slow for the request path: the signature is filled in when history flushes.
    attachSignatureBytes(built, signature)
    history.push(built)
  }
  return {
    authenticator,
    admission,
    keyUsage,
    history,
    now,
    assertRecordable() {
      journal?.assertWritable()
    },
    getJournalHealth: () => journal?.getHealth() ?? null,
    recordSimulation(principal, transaction, response) {
      record(toSimulationRecord(response, principal, now(), null), transaction)
    },
    recordTransactionCall(
      principal: Principal,
      kind: TransactionCallKind,
      transaction: Uint8Array,
      response: ExecuteResponse | SendResponse | SubmitResponse,
    ) {
      const built =
        kind === 'execute'
          ? toExecuteRecord(response as ExecuteResponse, principal, now(), null)
          : kind === 'send'
            ? toSendRecord(response as SendResponse, principal, now(), null)
            : toSubmitRecord(response as SubmitResponse, principal, now(), null)
      // A transaction that was sent is one record per user, however often it is posted: the
      // repeat answers the first call's tracking and is not counted (nor billed) a second time.
      if (kind !== 'execute' || (response as ExecuteResponse).action === 'submitted') {
        built.recordId = getSentRecordId(principal.userId, transaction)
      }
      record(built, transaction)
    },
    close() {
      closing ??= (async () => {
        unsubscribe?.()
        await Promise.all([keyUsage.close(), history.close()])
        // Whatever was not delivered stays in the journal's files for the next start.
        journal?.close()
        await admission.close()
      })()
      return closing
    },
  }
}
