/**
 * What a client reads about a schema error, over REST and the WebSocket alike: `field: problem`,
 * the field in dotted form, an unknown field by its own name.
 */
import type { FastifySchemaValidationError } from 'fastify'

const UNION_KEYWORDS = new Set(['oneOf', 'anyOf'])

/** `type` as ajv reports it (`integer,null`), for a message. */
function toTypeText(type: unknown): string {
  return Array.isArray(type) ? type.join(',') : String(type)
}

/**
 * The error worth reporting: the first one, except for a failed oneOf/anyOf. ajv lists every
 * branch's errors before the union's own ("must match exactly one schema in oneOf"), and a branch
 * for another type ("must be string" for an object policy) says nothing useful. The errors of the
 * first branch whose type the value has are reported instead (`policy.max_mev_score: must be <= 1`),
 * or, when no branch takes the value's type, the types the union takes (`must be string or object`).
 */
function getReportedError(errors: readonly FastifySchemaValidationError[]): FastifySchemaValidationError | undefined {
  // With allErrors off, validation stops at the first failing keyword: a union that failed is last.
  const last = errors.at(-1)
  if (!last || !UNION_KEYWORDS.has(last.keyword)) return errors[0]
  // A oneOf that more than one branch passed: its own message is the true one.
  if (last.params.passingSchemas) return last
  const prefix = `${last.schemaPath}/`
  const branches = new Map<string, FastifySchemaValidationError[]>()
  for (const error of errors.slice(0, -1)) {
    // An error this function cannot place (a branch behind a $ref): the first error, as ajv lists it.
    if (!error.schemaPath.startsWith(prefix)) return errors[0]
    const index = error.schemaPath.slice(prefix.length).split('/', 1)[0] as string
    branches.set(index, [...(branches.get(index) ?? []), error])
  }
  const types: string[] = []
  for (const [index, branchErrors] of branches) {
    const typeError = branchErrors.find((error) => error.keyword === 'type' && error.schemaPath === `${prefix}${index}/type`)
    if (!typeError) return getReportedError(branchErrors)
    types.push(toTypeText(typeError.params.type))
  }
  return types.length > 0 ? { ...last, message: `must be ${types.join(' or ')}` } : last
}

/** `field: problem` for the reported error; `root` names the value itself (`body`, `message`). */
export function getValidationMessage(errors: readonly FastifySchemaValidationError[] | null | undefined, root: string): string {
  const reported = getReportedError(errors ?? [])
  const field = reported?.instancePath ? reported.instancePath.slice(1).replaceAll('/', '.') : root
  // ajv reports an unknown field at its parent; the client wants the field's own name.
  const unknown = reported?.keyword === 'additionalProperties' ? reported.params.additionalProperty : undefined
  if (typeof unknown === 'string') return `${reported?.instancePath ? `${field}.${unknown}` : unknown}: is not a known field`
  return `${field}: ${reported?.message ?? 'is not valid'}`
}
