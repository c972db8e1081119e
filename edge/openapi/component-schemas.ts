/**
 * Turns the routes' JSON schemas into OpenAPI ones: every schema carrying an `$id` becomes a named
 * component (`#/components/schemas/<id>`), and the `<id>#` references between them (the recursive
 * call tree, the nullable token risk) point there.
 */

/** The collected components and the converter that fills them. */
export interface ComponentSchemas {
  readonly schemas: Record<string, unknown>
  /** `schema` in OpenAPI form, its named parts replaced by references. */
  toOpenApiSchema(schema: unknown): unknown
}

/** `Name#` or `Name`: a reference to the schema whose `$id` is Name (TypeBox writes the latter). */
const ID_REFERENCE = /^([A-Za-z][\w.-]*)#?$/

function toComponentReference(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` }
}

/** Creates an empty set of components. */
export function createComponentSchemas(): ComponentSchemas {
  const schemas: Record<string, unknown> = {}
  // The source object each name came from: one name must not stand for two different schemas.
  const sources = new Map<string, string>()

  const toOpenApiSchema = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(toOpenApiSchema)
    if (schema === null || typeof schema !== 'object') return schema
    const { $id, ...rest } = schema as Record<string, unknown>
    if (typeof $id === 'string') {
      const source = JSON.stringify(rest)
      const seen = sources.get($id)
      if (seen !== undefined && seen !== source) throw new Error(`two different schemas are named ${$id}`)
      if (seen === undefined) {
        sources.set($id, source)
        // Named before it is converted, so a reference to itself inside it resolves.
        schemas[$id] = {}
        schemas[$id] = toOpenApiSchema(rest)
      }
      return toComponentReference($id)
    }
    const converted: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(rest)) {
      const idReference = key === '$ref' && typeof value === 'string' ? ID_REFERENCE.exec(value) : null
      converted[key] = idReference ? toComponentReference(idReference[1] as string).$ref : toOpenApiSchema(value)
    }
    return converted
  }

  return { schemas, toOpenApiSchema }
}
