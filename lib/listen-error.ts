/**
 * A port a process cannot listen on, said in one line that names the environment variable to
 * change: what an operator needs, where a raw EADDRINUSE from grpc-js or Node names neither the
 * variable nor, sometimes, the service.
 */

/** The failures to listen that a setting can fix: the port is taken, or this user may not bind it. */
export type ListenErrorCode = 'EADDRINUSE' | 'EACCES'

const REMEDIES: Record<ListenErrorCode, (variable: string) => string> = {
  EADDRINUSE: (variable) => `the address is in use (EADDRINUSE); set ${variable} to a free port, or stop the process that holds it`,
  EACCES: (variable) => `this user may not bind it (EACCES); set ${variable} to a port above 1023`,
}

/** Thrown at boot when a listener cannot bind its address; the message is the one line to print. */
export class ListenError extends Error {
  constructor(
    readonly variable: string,
    readonly address: string,
    readonly code: ListenErrorCode,
    options?: { cause: unknown },
  ) {
    super(`${variable}: cannot listen on ${address}: ${REMEDIES[code](variable)}`, options)
    this.name = 'ListenError'
  }
}

/** Whether `error` is a ListenError (recognised by name, as it may cross module copies). */
export function isListenError(error: unknown): error is ListenError {
  return error instanceof Error && error.name === 'ListenError'
}

/**
 * The failure of listening on `address` for the setting `variable`, as a ListenError when a setting
 * can fix it, else `error` unchanged. Node's servers set `code`; grpc-js only says it in the
 * message (`No address added out of total 1 resolved errors: [listen EADDRINUSE: …]`).
 */
export function toListenError(error: unknown, variable: string, address: string): unknown {
  if (!(error instanceof Error)) return error
  const code = (error as NodeJS.ErrnoException).code ?? /\b(EADDRINUSE|EACCES)\b/.exec(error.message)?.[1]
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return error
  return new ListenError(variable, address, code, { cause: error })
}

/** Several ports that cannot be bound, all said at once: one ListenError line each (printed as they are). */
export class ListenErrors extends Error {
  constructor(readonly errors: readonly ListenError[]) {
    super(errors.map((error) => error.message).join('\n'), { cause: errors[0] })
    // The startup guard prints a ListenError's message as it is: these lines too.
    this.name = 'ListenError'
  }
}
