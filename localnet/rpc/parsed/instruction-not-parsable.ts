/**
 * Agave's `ParseInstructionError`: an instruction its jsonParsed encoder could not parse (unknown
 * data, too few accounts, a key index out of range). It then answers the instruction partially
 * decoded, `{programId, accounts, data, stackHeight}`, and so does localnet.
 */
export class InstructionNotParsableError extends Error {
  override readonly name = 'InstructionNotParsableError'
}

/** Throws the not-parsable error. */
export function failNotParsable(reason: string): never {
  throw new InstructionNotParsableError(reason)
}

/** Whether `e` is the not-parsable error. */
export function isInstructionNotParsable(e: unknown): e is InstructionNotParsableError {
  return e instanceof InstructionNotParsableError
}
