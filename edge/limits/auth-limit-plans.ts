/**
 * The token buckets of the unauthenticated account routes (register, login, refresh, logout): one
 * per client address and one per account the request names. A security probe saw 579 wrong
 * passwords on one account and 589 registrations from one client in 20 s, unanswered by any 429;
 * these numbers bound both while a person (or an office behind one NAT address) never meets them.
 */
import type { BucketPlan } from '../../lib/limits/keyed-limiter.js'

/**
 * Registrations per client address: 10, then 10 an hour. A person registers once and a shared
 * address a handful of times a day; a script gets 10, then one every 6 minutes (240 a day), where
 * the probe made 589 in 20 s. Each registration costs an argon2 hash and a row.
 */
export const REGISTER_PER_ADDRESS: BucketPlan = Object.freeze({ burst: 10, refillIntervalMs: 360_000 })

/**
 * Registrations per e-mail: 3, then 3 an hour. A person needs one, or two when an answer was lost
 * (the second is `email_taken`); every attempt hashes the password even when the address is
 * taken, so many clients hammering one address would otherwise burn argon2 CPU unbounded.
 */
export const REGISTER_PER_EMAIL: BucketPlan = Object.freeze({ burst: 3, refillIntervalMs: 1_200_000 })

/**
 * Logins per client address: 30, then one every 2 s (1,800 an hour). Room for an office signing
 * in at 9:00 behind one address; a guesser spreading over many e-mails from one address gets 30,
 * then 30 a minute (the probe: 579 in 20 s).
 */
export const LOGIN_PER_ADDRESS: BucketPlan = Object.freeze({ burst: 30, refillIntervalMs: 2_000 })

/**
 * Wrong passwords per e-mail, from anywhere: 5 free, then one attempt a minute. Only a failure
 * (`invalid_credentials`: a wrong password or an unknown e-mail, which answer alike) keeps its
 * token; a successful login gives it back. An online guesser gets 60 tries an hour on an account
 * instead of thousands; its owner, locked out by someone else's guesses, waits at most a minute
 * per try.
 */
export const LOGIN_PER_EMAIL: BucketPlan = Object.freeze({ burst: 5, refillIntervalMs: 60_000 })

/**
 * Refreshes per client address: 60, then one a second. A client refreshes once per access token
 * (24 h), so this is room for many clients behind one address; a refresh costs a database write
 * but no hashing, hence more generous than login.
 */
export const REFRESH_PER_ADDRESS: BucketPlan = Object.freeze({ burst: 60, refillIntervalMs: 1_000 })

/**
 * Presentations of one refresh token: 3, then one a minute. A token is spent by its first use, so
 * a client presents it once, or twice when the answer was lost (the second use revokes the
 * family); a loop or a replay of one token is cut here, before the database.
 */
export const REFRESH_PER_TOKEN: BucketPlan = Object.freeze({ burst: 3, refillIntervalMs: 60_000 })

/**
 * Logouts per client address: 60, then one a second, as refresh: a logout costs one database write
 * and a client makes one per session; room for many clients behind one address.
 */
export const LOGOUT_PER_ADDRESS: BucketPlan = Object.freeze({ burst: 60, refillIntervalMs: 1_000 })

/**
 * Logouts with one refresh token: 3, then one a minute. A client logs out once, or again when the
 * answer was lost (the answer is the same); repeating one token any more is a loop or a replay.
 */
export const LOGOUT_PER_TOKEN: BucketPlan = Object.freeze({ burst: 3, refillIntervalMs: 60_000 })
