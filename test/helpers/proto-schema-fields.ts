/**
 * Compares a JSON schema (a contract's, TypeBox or plain) with a proto message field by field:
 * every schema field has a proto field under the same snake_case name and a compatible type, and
 * the proto has no field the schema lacks.
 *
 * Compatible: string ↔ string; boolean ↔ bool; integer ↔ an integer type (an unsigned one only
 * when the schema's minimum is ≥ 0); number ↔ double or float; array ↔ repeated, item for item;
 * object ↔ message, recursively; null or left out ↔ a proto3 `optional` scalar or a message
 * field (which has presence). The .proto is parsed by protobufjs, the parser proto-loader runs.
 */
import protobuf from 'protobufjs'

const INTEGER_TYPES = new Set(['int32', 'int64', 'sint32', 'sint64', 'sfixed32', 'sfixed64'])
const UNSIGNED_TYPES = new Set(['uint32', 'uint64', 'fixed32', 'fixed64'])

export type Json = Record<string, unknown>

/** A schema's shape, its null and its reference resolved. */
interface Shape {
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any'
  nullable: boolean
  schema: Json
}

/** Every schema with an `$id` under `schema`, by id (the targets of `$ref`). */
function collectIds(schema: unknown, ids: Map<string, Json> = new Map()): Map<string, Json> {
  if (Array.isArray(schema)) for (const item of schema) collectIds(item, ids)
  else if (schema !== null && typeof schema === 'object') {
    const { $id } = schema as Json
    if (typeof $id === 'string') ids.set($id, schema as Json)
    for (const value of Object.values(schema)) collectIds(value, ids)
  }
  return ids
}

function getShape(schema: Json, ids: Map<string, Json>): Shape {
  if (typeof schema.$ref === 'string') {
    const target = ids.get(schema.$ref.replace(/#$/, ''))
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`)
    return getShape(target, ids)
  }
  const anyOf = schema.anyOf as Json[] | undefined
  if (anyOf) {
    const others = anyOf.filter((branch) => branch.type !== 'null')
    if (others.length === 1 && others.length < anyOf.length) return { ...getShape(others[0] as Json, ids), nullable: true }
    return { kind: 'any', nullable: false, schema }
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []
  const kinds = types.filter((type) => type !== 'null')
  if (kinds.length !== 1) return { kind: 'any', nullable: false, schema }
  return { kind: kinds[0] as Shape['kind'], nullable: kinds.length < types.length, schema }
}

function describe(shape: Shape): string {
  return `${shape.kind}${shape.nullable ? ' or null' : ''}`
}

function describeField(field: protobuf.Field): string {
  return `${field.repeated ? 'repeated ' : field.options?.proto3_optional ? 'optional ' : ''}${field.type}`
}

/** Compares a schema object with a message, field by field; mismatches go to `found` by path. */
function compareMessage(
  path: string,
  schema: Json,
  message: protobuf.Type,
  ids: Map<string, Json>,
  found: Map<string, string>,
  seen: Set<string>,
): void {
  // Each pair once: the call tree's children are CallNodes again, TokenRisk is both token_risk and token_risks' item.
  const visit = `${String(schema.$id ?? path)}→${message.fullName}`
  if (seen.has(visit)) return
  seen.add(visit)
  const properties = (schema.properties ?? {}) as Record<string, Json>
  const required = new Set((schema.required ?? []) as string[])
  for (const [name, property] of Object.entries(properties)) {
    const field = message.fields[name]
    if (!field) found.set(`${path}.${name}`, `${describe(getShape(property, ids))} has no proto field in ${message.name}`)
    else compareField(`${path}.${name}`, getShape(property, ids), !required.has(name), field, ids, found, seen)
  }
  for (const field of message.fieldsArray) {
    if (!(field.name in properties)) found.set(`${path}.${field.name}`, `proto ${describeField(field)} has no schema field`)
  }
}

function compareField(
  path: string,
  shape: Shape,
  optional: boolean,
  field: protobuf.Field,
  ids: Map<string, Json>,
  found: Map<string, string>,
  seen: Set<string>,
): void {
  const mismatch = (why: string) => {
    found.set(path, `${describe(shape)}${optional ? ' (may be left out)' : ''} ↔ proto ${describeField(field)}: ${why}`)
  }
  if (shape.kind === 'array') {
    if (!field.repeated) return mismatch('an array must be repeated')
    if (shape.nullable || optional) return mismatch('repeated has no presence: null or left out cannot be told from empty')
    const items = getShape((shape.schema.items ?? {}) as Json, ids)
    return compareValue(`${path}[]`, items, field, mismatch, ids, found, seen)
  }
  if (field.repeated) return mismatch('repeated needs an array')
  if (field.resolvedType instanceof protobuf.Type) return compareValue(path, shape, field, mismatch, ids, found, seen)
  const present = field.options?.proto3_optional === true
  if ((shape.nullable || optional) !== present) {
    return mismatch(present ? 'an optional field for a value that is always there' : 'null or left out needs a proto3 optional field')
  }
  compareValue(path, shape, field, mismatch, ids, found, seen)
}

/** One value (a field's, or an array's item) against the field's proto type. */
function compareValue(
  path: string,
  shape: Shape,
  field: protobuf.Field,
  mismatch: (why: string) => void,
  ids: Map<string, Json>,
  found: Map<string, string>,
  seen: Set<string>,
): void {
  if (shape.kind === 'object') {
    if (!(field.resolvedType instanceof protobuf.Type)) return mismatch('an object must be a message')
    return compareMessage(path, shape.schema, field.resolvedType, ids, found, seen)
  }
  if (field.resolvedType) return mismatch(`a ${shape.kind} cannot be a message or an enum`)
  const minimum = typeof shape.schema.minimum === 'number' ? shape.schema.minimum : -Infinity
  const ok =
    (shape.kind === 'string' && field.type === 'string') ||
    (shape.kind === 'boolean' && field.type === 'bool') ||
    (shape.kind === 'number' && (field.type === 'double' || field.type === 'float')) ||
    (shape.kind === 'integer' && (INTEGER_TYPES.has(field.type) || (UNSIGNED_TYPES.has(field.type) && minimum >= 0)))
  if (!ok)
    mismatch(
      UNSIGNED_TYPES.has(field.type) && shape.kind === 'integer' ? 'unsigned, but the schema allows negative values' : 'incompatible types',
    )
}

/**
 * The mismatches between `schema` and the message `messageName` of `protoPath`'s package
 * `protoPackage`, by path; and how many message pairs were compared.
 */
export function compareProtoMessage(
  protoPath: string,
  protoPackage: string,
  messageName: string,
  schema: unknown,
): { found: Map<string, string>; messages: number } {
  const root = new protobuf.Root().loadSync(protoPath, { keepCase: true }).resolveAll()
  const message = root.lookupType(`${protoPackage}.${messageName}`)
  const json = schema as Json
  const found = new Map<string, string>()
  const seen = new Set<string>()
  compareMessage(messageName, json, message, collectIds(json), found, seen)
  return { found, messages: seen.size }
}
