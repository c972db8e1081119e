/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of every route registered after this call,
 * collected by an onRoute hook and built (and serialized) once, on the first request, when every
 * route is known.
 */
import type { FastifyInstance } from 'fastify'
import { createOpenApiDocument, type DocumentedRoute } from './openapi-document.js'
import { getPackageVersion } from '../../lib/package-version.js'
import { createErrorResponses, SERVER_ERRORS } from '../schemas/error-envelope.js'

export const OPENAPI_PATH = '/openapi.json'

/** Registers the document's route; call it before the routes it describes. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  // Read when the server is built, so a missing package.json stops it at boot, not at a request.
  const version = getPackageVersion()
  const routes: DocumentedRoute[] = []
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) routes.push({ method, url: route.url, auth: route.config?.auth, schema: route.schema })
  })
  let body: string | undefined
  app.get(
    OPENAPI_PATH,
    {
      config: { auth: 'none' },
      schema: {
        summary: 'This OpenAPI 3.1 document',
        description:
          'The OpenAPI 3.1 description of every route of this service, generated from the schemas the server validates with; no credential needed.',
        response: {
          200: {
            type: 'object',
            required: ['openapi', 'info', 'servers', 'paths', 'components'],
            // Open objects: generated clients read them as records of unknown values, not as `{}`.
            properties: {
              openapi: { const: '3.1.0' },
              info: { type: 'object', additionalProperties: true },
              servers: { type: 'array', items: { type: 'object', additionalProperties: true } },
              paths: { type: 'object', additionalProperties: true },
              components: { type: 'object', additionalProperties: true },
            },
          },
          ...createErrorResponses(SERVER_ERRORS),
        },
      },
    },
    (_request, reply) => {
      body ??= JSON.stringify(createOpenApiDocument(routes, { version }))
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )
}
