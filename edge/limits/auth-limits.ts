/**
 * The limits of the unauthenticated account routes, charged before the user service is called:
 * one token from the client address's bucket, then one from the bucket of the account the request
 * names — the normalised e-mail for register and login, the presented token for refresh and
 * logout. Either refusal is `429 rate_limited` with Retry-After, and the user service never sees
 * the request: a locked e-mail costs no argon2 verification.
 *
 * Login keys by the e-mail whether or not an account has it, and an unknown e-mail fails as a wrong
 * password does, so the lockout answers alike for both and says nothing about which accounts
 * exist. Only a failure that is the caller's guess keeps the account's token (`isCountedFailure`);
 * an outage of the user service gives it back. Address tokens are never given back: every attempt
 * counts.
 *
 * Refresh keys by a hash of the presented token rather than by its user: the user is known only
 * once the user service has spent the token and issued the next, too late to refuse without losing
 * the client's session. Per token it bounds retries of one token; a user's chain of refreshes (each
 * with a new token) is bounded by the address limit. Logout keys alike, for the same reason (its
 * answer never says whose the token was), in buckets of its own: logging out spends no refresh.
 *
 * E-mails and tokens reach the limiter's store (Redis) only as truncated SHA-256 hashes.
 */
import { createHash } from 'node:crypto'
import { toNormalisedEmail } from '../../accounts/contract/users.js'
import { ERROR_CATALOGUE, isServiceError } from '../../lib/errors.js'
import type { BucketPlan, KeyedLimiter } from '../../lib/limits/keyed-limiter.js'
import {
  LOGIN_PER_ADDRESS,
  LOGIN_PER_EMAIL,
  LOGOUT_PER_ADDRESS,
  LOGOUT_PER_TOKEN,
  REFRESH_PER_ADDRESS,
  REFRESH_PER_TOKEN,
  REGISTER_PER_ADDRESS,
  REGISTER_PER_EMAIL,
} from './auth-limit-plans.js'
import { toClientAddressKey } from './client-address-key.js'

/** Runs an account route's call within its limits: refused (429) before `attempt` runs, or its answer. */
export type LimitedAttempt = <T>(clientIp: string | undefined, subject: string, attempt: () => Promise<T>) => Promise<T>

export interface AuthLimits {
  /** `subject`: the e-mail to register. */
  register: LimitedAttempt
  /** `subject`: the e-mail to sign in as. */
  login: LimitedAttempt
  /** `subject`: the refresh token presented. */
  refresh: LimitedAttempt
  /** `subject`: the refresh token whose family ends. */
  logout: LimitedAttempt
}

interface RoutePolicy {
  route: string
  perAddress: BucketPlan
  perSubject: BucketPlan
  /** The subject's key, before hashing. */
  toSubject(subject: string): string
  /** Whether a successful attempt spends the subject's token. */
  countsSuccess: boolean
  /** Whether a failed attempt (what it threw) spends the subject's token. */
  isCountedFailure(error: unknown): boolean
}

const REGISTER: RoutePolicy = {
  route: 'register',
  perAddress: REGISTER_PER_ADDRESS,
  perSubject: REGISTER_PER_EMAIL,
  toSubject: toNormalisedEmail,
  countsSuccess: true,
  isCountedFailure: (error) => !isServiceFault(error),
}

const LOGIN: RoutePolicy = {
  route: 'login',
  perAddress: LOGIN_PER_ADDRESS,
  perSubject: LOGIN_PER_EMAIL,
  toSubject: toNormalisedEmail,
  // Only a guess that failed locks: a wrong password, or an e-mail without an account.
  countsSuccess: false,
  isCountedFailure: (error) => isServiceError(error, 'invalid_credentials'),
}

const REFRESH: RoutePolicy = {
  route: 'refresh',
  perAddress: REFRESH_PER_ADDRESS,
  perSubject: REFRESH_PER_TOKEN,
  toSubject: (token) => token,
  countsSuccess: true,
  isCountedFailure: (error) => !isServiceFault(error),
}

const LOGOUT: RoutePolicy = {
  route: 'logout',
  perAddress: LOGOUT_PER_ADDRESS,
  perSubject: LOGOUT_PER_TOKEN,
  toSubject: (token) => token,
  // Every logout succeeds, known token or not, so every one counts.
  countsSuccess: true,
  isCountedFailure: (error) => !isServiceFault(error),
}

/** Runs every attempt unlimited: no limiter (AUTH_LIMITS=off, or a test that is not about limits). */
const UNLIMITED: LimitedAttempt = (_clientIp, _subject, attempt) => attempt()

/** Creates the account routes' limits on `limiter`, timed by `now`; none without a limiter. */
export function createAuthLimits(options: { limiter: KeyedLimiter | undefined; now: () => number }): AuthLimits {
  const { limiter, now } = options
  if (limiter === undefined) return { register: UNLIMITED, login: UNLIMITED, refresh: UNLIMITED, logout: UNLIMITED }

  const createLimitedAttempt = (policy: RoutePolicy): LimitedAttempt =>
    async function limited<T>(clientIp: string | undefined, subject: string, attempt: () => Promise<T>): Promise<T> {
      const nowMs = now()
      await limiter.take(`${policy.route}:address:${toClientAddressKey(clientIp)}`, policy.perAddress, nowMs)
      const subjectKey = `${policy.route}:subject:${getHash(policy.toSubject(subject))}`
      await limiter.take(subjectKey, policy.perSubject, nowMs)
      let answer: T
      try {
        answer = await attempt()
      } catch (error) {
        if (!policy.isCountedFailure(error)) await limiter.refund(subjectKey, policy.perSubject, now())
        throw error
      }
      if (!policy.countsSuccess) await limiter.refund(subjectKey, policy.perSubject, now())
      return answer
    }

  return {
    register: createLimitedAttempt(REGISTER),
    login: createLimitedAttempt(LOGIN),
    refresh: createLimitedAttempt(REFRESH),
    logout: createLimitedAttempt(LOGOUT),
  }
}

/** Whether `error` is the service's fault (5xx, or not a catalogue error): the caller should not pay for it. */
function isServiceFault(error: unknown): boolean {
  return !isServiceError(error) || ERROR_CATALOGUE[error.code].http >= 500
}

/** 128 bits of SHA-256: collisions are out of reach, and the store holds no e-mail or token. */
function getHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22)
}
