/** Admission for `RATE_LIMITS=off` (development, benchmarks): every call passes, unlimited and unmetered. */
import type { Admission, AdmissionCaller, AdmissionCharge, Admitted } from './admission.js'

const ADMITTED: Admitted = Object.freeze({ headers: Object.freeze({}), meteredSimulations: 0 })

/** Creates an Admission that admits everything synchronously, with no `RateLimit-*` headers. */
export function createDisabledAdmission(): Admission & {
  admit(caller: AdmissionCaller, charge: AdmissionCharge, nowMs: number): Admitted
} {
  return {
    admit: () => ADMITTED,
    close: async () => {},
  }
}
