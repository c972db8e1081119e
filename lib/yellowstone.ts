/**
 * `@triton-one/yellowstone-grpc`, loaded once for the engine (its client), localnet (its message
 * codecs) and the tests. Loaded with require: its ESM build is not a `"type": "module"` package,
 * and under tap's TypeScript loader a named ESM import of it resolves to the CommonJS entry, whose
 * names Node cannot see.
 */
import { createRequire } from 'node:module'
import type * as Yellowstone from '@triton-one/yellowstone-grpc'

/**
 * The package's exports: `default` is the Client class, the rest its ts-proto messages and helpers.
 * (Its types are CommonJS, so seen from here the module object itself is their `default`.)
 */
export const yellowstone = createRequire(import.meta.url)('@triton-one/yellowstone-grpc') as typeof Yellowstone.default
