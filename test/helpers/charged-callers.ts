/**
 * The edge's caller services over a test user service, with an in-process admission that keeps
 * every charge it was asked for: what a test reads to tell what a call cost.
 */
import { createCallerServices, type CallerServices } from '../../callers/caller-services.js'
import type { Admission, AdmissionCharge } from '../../lib/limits/admission.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { quietLogger } from './stack.js'
import type { TestUserService } from './user-service.js'

export interface ChargedCallers {
  callers: CallerServices
  /** Every charge admitted or refused, in order. */
  charges: AdmissionCharge[]
  /** The admission the callers charge (a test may seed its daily counts). */
  admission: Admission
}

/** Caller services for `users` (usage flushed only at close) recording their charges. */
export function createChargedCallers(users: TestUserService): ChargedCallers {
  const admission = createInProcessAdmission()
  const charges: AdmissionCharge[] = []
  const admit = admission.admit.bind(admission)
  admission.admit = (caller, charge, nowMs) => {
    charges.push(charge)
    return admit(caller, charge, nowMs)
  }
  const callers = createCallerServices({
    userService: users.userService,
    signingKey: users.signingKey,
    admission,
    logger: quietLogger,
    invalidations: users.bus,
    usageFlushIntervalMs: 60_000,
    now: users.clock.now,
  })
  return { callers, charges, admission }
}
