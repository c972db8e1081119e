/** What the edge's routes share: the clients they call and the off-hot-path recorders. */
import type { onRequestHookHandler } from 'fastify'
import type { UserService } from '../accounts/contract/index.js'
import type { EngineClient } from '../engine/client/engine-client.js'
import type { Authenticator } from '../callers/authenticator.js'
import type { KeyUsageCounter } from '../callers/key-usage-counter.js'
import type { SimulationHistoryQueue } from '../callers/simulation-history-queue.js'
import type { CallerSimulator } from './simulate/caller-simulator.js'
import type { CallerTransactions } from './transactions/caller-transactions.js'
import type { Admission } from '../lib/limits/admission.js'
import type { Logger } from '../lib/logger.js'
import type { AuthLimits } from './limits/auth-limits.js'
import type { TransactionUpdates } from '../lib/transaction-updates.js'
import type { TrackedTransaction } from '../engine/contract/transaction-tracking.js'

export interface EdgeContext {
  engine: EngineClient
  userService: UserService
  authenticator: Authenticator
  /** onRequest hooks of the `bearer` and `either` routes (docs/api.md#authentication). */
  auth: { bearer: onRequestHookHandler; either: onRequestHookHandler }
  keyUsage: KeyUsageCounter
  history: SimulationHistoryQueue
  /** Decodes, simulates for a caller and records history: what simulate, batch and the WebSocket share. */
  simulator: CallerSimulator
  /** Decodes, executes, sends or submits for a caller and records history, reads their tracking and the tips: what REST and the WebSocket share. */
  transactions: CallerTransactions
  admission: Admission
  /** Where tracked transactions' status changes arrive, for the stream's pushes; none: no pushes. */
  transactionUpdates?: Pick<TransactionUpdates<TrackedTransaction>, 'subscribe'>
  /** The limits of register, login, refresh and logout (client address and account). */
  authLimits: AuthLimits
  logger: Logger
  now: () => number
}
