/**
 * `npm run sdk:types [-- <url or file of /openapi.json>]`: writes the TypeScript SDK's API types
 * and its gRPC descriptor.
 * Without an argument it reads the document from a service at http://127.0.0.1:8080.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { OpenAPI3 } from 'openapi-typescript'
import { renderEngineDescriptor, renderSdkTypes, SDK_ENGINE_DESCRIPTOR_PATH, SDK_TYPES_PATH } from './sdk-types.js'

const source = process.argv[2] ?? 'http://127.0.0.1:8080/openapi.json'
const document = (/^https?:/.test(source) ? await (await fetch(source)).json() : JSON.parse(readFileSync(source, 'utf8'))) as OpenAPI3
writeFileSync(SDK_TYPES_PATH, await renderSdkTypes(document))
writeFileSync(SDK_ENGINE_DESCRIPTOR_PATH, renderEngineDescriptor())
console.log(`wrote ${SDK_TYPES_PATH} from ${source}, and ${SDK_ENGINE_DESCRIPTOR_PATH}`)
