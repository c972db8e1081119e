/**
 * The user service keeps its own copy of the tracking record's closed sets (it runs without the
 * engine); they must be the engine's, value for value, and "unresolved" must be exactly what the
 * engine does not call final. The type assertions fail the typecheck, the runtime ones the test,
 * when either side gains or loses a value. The engine's TrackingRecord must also be storable as
 * the user service's record as it is, so the engine's store is a thin wrapper.
 */
import t from 'tap'
import {
  SUBMIT_ROUTES,
  SUBMIT_STRATEGY_NAMES,
  TRACKING_KINDS,
  TRACKING_STATUSES,
  UNRESOLVED_TRACKING_STATUSES,
  type SubmitRoute,
  type SubmitStrategyName,
  type TrackingKind,
  type TrackingStatus,
} from '../../accounts/contract/tracking.js'
import type { TransactionTrackingPatch, TransactionTrackingRecord } from '../../accounts/contract/index.js'
import * as engine from '../../engine/contract/transaction-tracking.js'
import * as strategies from '../../engine/contract/submit-strategies.js'
import type { TrackingPatch, TrackingRecord } from '../../engine/landing/tracking/tracking-record.js'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameTypes: [
  Same<TrackingStatus, engine.TrackingStatus>,
  Same<TrackingKind, engine.TrackingKind>,
  Same<SubmitRoute, engine.SubmitRoute>,
  Same<SubmitStrategyName, strategies.SubmitStrategyName>,
] = [true, true, true, true]

// Compile-time only: the engine's record and patch are assignable to the user service's.
const toStored = (record: TrackingRecord): TransactionTrackingRecord => record
const toStoredPatch = (patch: TrackingPatch): TransactionTrackingPatch => patch

t.test("tracking's closed sets are the engine's", async (t) => {
  t.strictSame(sameTypes, [true, true, true, true])
  t.strictSame([...TRACKING_STATUSES], [...engine.TRACKING_STATUSES], 'statuses')
  t.strictSame([...TRACKING_KINDS], [...engine.TRACKING_KINDS], 'kinds')
  t.strictSame([...SUBMIT_ROUTES], [...engine.SUBMIT_ROUTES], 'routes')
  t.strictSame([...SUBMIT_STRATEGY_NAMES], [...strategies.SUBMIT_STRATEGY_NAMES], 'submit strategies')
  t.strictSame(
    [...UNRESOLVED_TRACKING_STATUSES],
    engine.TRACKING_STATUSES.filter((status) => !engine.FINAL_TRACKING_STATUSES.has(status)),
    'unresolved: every status the engine does not call final',
  )
  t.type(toStored, 'function')
  t.type(toStoredPatch, 'function')
})
