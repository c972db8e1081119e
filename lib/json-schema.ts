/**
 * The JSON Schema forms the services' contracts (engine/contract/, accounts/contract/) use that
 * TypeBox does not build itself, each typed with its static type. They keep the schemas as the API has always published them (`/openapi.json`) and
 * as ajv checks them: an `enum` (not an `anyOf` of consts, whose error says "must be equal to
 * constant" once per branch), `type: [t, 'null']` (not an `anyOf` with null), and a `oneOf`.
 * Plain objects built once at import: nothing here runs per request.
 */
import { Kind, Type, type SchemaOptions, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox'

/** `{type: 'string', enum: values}`, typed as the union of `values`. */
export function StringEnum<const Values extends readonly string[]>(values: Values, options: SchemaOptions = {}): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ ...options, type: 'string', enum: [...values] })
}

/**
 * `schema` that also takes null: its one `type` becomes `[type, 'null']` and an `enum` gains null.
 * `options` (a description) are added to it.
 */
export function Nullable<Schema extends TSchema>(schema: Schema, options: SchemaOptions = {}): TUnsafe<Static<Schema> | null> {
  const { [Kind]: _kind, ...json } = schema as TSchema & { type?: unknown; enum?: unknown[] }
  if (typeof json.type !== 'string') throw new Error('Nullable takes a schema of one type')
  const nullable: Record<string, unknown> = { ...json, ...options, type: [json.type, 'null'] }
  if (Array.isArray(json.enum)) nullable.enum = [...json.enum, null]
  return Type.Unsafe<Static<Schema> | null>(nullable)
}

/** `{oneOf: schemas}`: exactly one of them, typed as their union. */
export function OneOf<Schemas extends TSchema[]>(schemas: [...Schemas], options: SchemaOptions = {}): TUnsafe<Static<Schemas[number]>> {
  return Type.Unsafe<Static<Schemas[number]>>({ ...options, oneOf: schemas })
}

/** A reference to the schema named `schema.$id` (`{$ref: id}`), typed as that schema. */
export function Reference<Schema extends TSchema>(schema: Schema): TUnsafe<Static<Schema>> {
  if (typeof schema.$id !== 'string') throw new Error('Reference takes a schema with an $id')
  return Type.Unsafe<Static<Schema>>(Type.Ref(schema.$id))
}

/** `Type.Array(items)` typed as a readonly array: for values the engine freezes (the policy's token flags). */
export function FrozenArray<Items extends TSchema>(items: Items, options: SchemaOptions = {}): TUnsafe<readonly Static<Items>[]> {
  return Type.Unsafe<readonly Static<Items>[]>(Type.Array(items, options))
}
