/**
 * The SDK's generated API types (sdk/typescript/src/generated/openapi.ts) are the rendering of
 * the live /openapi.json: a route, field or enum value added to the service without
 * `npm run sdk:types` fails here; so does a change of proto/engine.proto without it (the gRPC descriptor).
 */
import { readFileSync } from 'node:fs'
import type { OpenAPI3 } from 'openapi-typescript'
import t from 'tap'
import { renderEngineDescriptor, renderSdkTypes, SDK_ENGINE_DESCRIPTOR_PATH, SDK_TYPES_PATH } from '../../../scripts/sdk-types.js'
import { unusedEngine } from '../../helpers/unused-engine.js'
import { createTestEdgeWithUser } from '../../helpers/edge-inject.js'

t.test('the committed SDK types are the live document’s', async (t) => {
  const { app } = await createTestEdgeWithUser(t, unusedEngine)
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenAPI3
  const committed = readFileSync(new URL(`../../../${SDK_TYPES_PATH}`, import.meta.url), 'utf8')
  t.ok(committed === (await renderSdkTypes(document)), `${SDK_TYPES_PATH} is current (else run npm run sdk:types)`)
})

t.test('the committed gRPC descriptor is proto/engine.proto’s', async (t) => {
  const committed = readFileSync(new URL(`../../../${SDK_ENGINE_DESCRIPTOR_PATH}`, import.meta.url), 'utf8')
  t.ok(committed === renderEngineDescriptor(), `${SDK_ENGINE_DESCRIPTOR_PATH} is current (else run npm run sdk:types)`)
})

t.test('the generated types name every operation the SDK calls', async (t) => {
  const committed = readFileSync(new URL(`../../../${SDK_TYPES_PATH}`, import.meta.url), 'utf8')
  for (const path of [
    '/api/v1/solana/tx/simulate',
    '/api/v1/solana/tx/execute',
    '/auth/refresh',
    '/auth/logout',
    '/api/v1/webhooks/{id}/rotate-secret',
  ]) {
    t.match(committed, `"${path}"`, path)
  }
})
