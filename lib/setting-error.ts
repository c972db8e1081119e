/**
 * A setting whose target cannot be reached or used at boot — DATABASE_URL's server, REDIS_URL,
 * DATA_DIR — said in one line that names the variable, as a port in use is (listen-error.ts),
 * where the raw failure (pg-pool's `connect ECONNREFUSED`, ioredis, `EACCES … mkdir`) names neither
 * the variable nor what to do. The original error stays the cause, for the logs.
 */

/** Thrown at boot when a setting's target fails; the message is the one line to print. */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
    options?: { cause: unknown },
  ) {
    super(`${variable}: ${problem}`, options)
    this.name = 'SettingError'
  }
}

/** Whether `error` is a SettingError (recognised by name, as it may cross module copies). */
export function isSettingError(error: unknown): error is SettingError {
  return error instanceof Error && error.name === 'SettingError'
}

/** A system error's code (ECONNREFUSED) or PostgreSQL's SQLSTATE (28P01), not a service's own code. */
const SYSTEM_OR_SQLSTATE = /^(E[A-Z]+|[0-9A-Z]{5})$/

/** The code of a failure or of the first error it wraps that has one (pg, ioredis and the store wrap the socket's). */
function findCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as NodeJS.ErrnoException).code
    if (typeof code === 'string' && SYSTEM_OR_SQLSTATE.test(code)) return code
    // AggregateError (a host with several addresses) holds the attempts.
    const attempts = (current as Partial<AggregateError>).errors
    if (Array.isArray(attempts) && attempts.length > 0) return findCode(attempts[0])
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Why a server could not be reached or used, in the words an operator acts on; undefined when it is not that kind of failure. */
export function describeReachFailure(error: unknown): string | undefined {
  const code = findCode(error)
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED): nothing listens there; start the server or fix the host and port'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name does not resolve (${code})`
    case 'ETIMEDOUT':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `no answer (${code}): check the host, the port and the network between`
    // PostgreSQL's own refusals (SQLSTATE).
    case '28P01':
    case '28000':
      return `the server refused the credentials (${code}): check the user and password in the URL`
    case '3D000':
      return 'the database does not exist (3D000): create it, or name an existing one in the URL'
    default:
      break
  }
  if (error instanceof Error && /timeout|timed out/i.test(error.message))
    return 'no answer in time: check the host, the port and the network between'
  return undefined
}

/** Why a directory could not be used, or undefined when the failure is not about its permissions or space. */
export function describeDirectoryFailure(error: unknown): string | undefined {
  const code = findCode(error)
  if (code === 'EACCES' || code === 'EPERM')
    return `this user may not write there (${code}): set it to a directory this user owns, or fix its permissions`
  if (code === 'EROFS') return 'the file system is read-only (EROFS): set it to a writable directory'
  if (code === 'ENOSPC') return 'the disk is full (ENOSPC)'
  if (code === 'ENOTDIR') return 'a part of the path is a file, not a directory (ENOTDIR)'
  return undefined
}
