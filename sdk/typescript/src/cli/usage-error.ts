/** A command line used wrongly (a missing argument, a bad option value): exit code 4 with the message. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
