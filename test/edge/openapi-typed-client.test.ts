/**
 * A client generated from the live /openapi.json is typed: openapi-typescript turns the document
 * into TypeScript, a small client calls simulate with a preset and with a policy object and reads
 * typed answer fields, and the repository's TypeScript compiles it without an error, while each
 * wrong call (a number for a policy, a misspelled field, an unknown preset) is a type error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import t from 'tap'
import ts from 'typescript'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'

/** An engine this test never reaches: only the document is read. */
const unusedEngine: EngineClient = {
  watch: () => Promise.reject(createServiceError('engine_unavailable')),
  simulate: () => Promise.reject(createServiceError('engine_unavailable')),
  scanApprovals: () => Promise.reject(createServiceError('engine_unavailable')),
  execute: () => Promise.reject(createServiceError('engine_unavailable')),
  send: () => Promise.reject(createServiceError('engine_unavailable')),
  submit: () => Promise.reject(createServiceError('engine_unavailable')),
  getTips: () => Promise.reject(createServiceError('engine_unavailable')),
  getTransaction: () => Promise.reject(createServiceError('engine_unavailable')),
  health: () => Promise.reject(createServiceError('engine_unavailable')),
  close: async () => undefined,
  transport: 'in-process',
}

/** What a client author writes on top of the generated types: one typed call. */
const CLIENT = `
import type { components, paths } from './openapi.js'

type Simulate = paths['/api/v1/solana/tx/simulate']['post']
export type SimulateRequest = NonNullable<Simulate['requestBody']>['content']['application/json']
export type SimulateResponse = Simulate['responses'][200]['content']['application/json']
export type ErrorEnvelope = Simulate['responses'][422]['content']['application/json']

declare function postJson<T>(path: string, body: unknown): Promise<T>

export function simulate(body: SimulateRequest): Promise<SimulateResponse> {
  return postJson<SimulateResponse>('/api/v1/solana/tx/simulate', body)
}
`

/** Right calls: the good file must compile without a single diagnostic. */
const GOOD = `
import type { components } from './openapi.js'
import { simulate, type ErrorEnvelope } from './client.js'

export async function run(transaction: string): Promise<string> {
  const preset = await simulate({ transaction, policy: 'strict' })
  const custom = await simulate({ transaction, vectors: ['mev', 'rug'], timeout_ms: 200, policy: { max_risk_level: 'medium', max_slippage_bps: null } })
  const decision: 'approve' | 'warn' | 'block' = preset.decision
  const mevScore: number = custom.risk.mev_score
  const mevType: 'sandwich' | 'jit' | 'backrun_only' | 'swap_frontrun' | null = custom.risk.mev_type
  const policy: components['schemas']['Policy'] = { preset: 'permissive', block_token_flags: ['honeypot'] }
  const code: string = ({} as ErrorEnvelope).error.code
  return [decision, mevScore, mevType, JSON.stringify(policy), code].join(' ')
}
`

/** Wrong calls, one a file: each must fail with this compiler error, naming this text. */
const WRONG: Array<{ name: string; code: number; names: RegExp; source: string }> = [
  { name: 'a number for a policy', code: 2322, names: /number/, source: `await simulate({ transaction: 'AQ==', policy: 42 })` },
  { name: 'an unknown preset', code: 2322, names: /"aggressive"/, source: `await simulate({ transaction: 'AQ==', policy: 'aggressive' })` },
  {
    name: 'an unknown risk level',
    code: 2322,
    names: /"extreme"/,
    source: `await simulate({ transaction: 'AQ==', policy: { max_risk_level: 'extreme' } })`,
  },
  { name: 'a misspelled request field', code: 2561, names: /polcy/, source: `await simulate({ transaction: 'AQ==', polcy: 'strict' })` },
  { name: 'a misspelled answer field', code: 2551, names: /mev_scor/, source: `;(await simulate({ transaction: 'AQ==' })).risk.mev_scor` },
  { name: 'no transaction', code: 2345, names: /transaction/, source: `await simulate({ policy: 'strict' })` },
]

t.test('a client generated from /openapi.json is typed', async (t) => {
  const { app } = await createTestEdgeWithUser(t, unusedEngine)
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenAPI3

  const directory = mkdtempSync(join(tmpdir(), 'openapi-client-'))
  t.teardown(() => rmSync(directory, { recursive: true, force: true }))
  const files: Record<string, string> = {
    'openapi.ts': astToString(await openapiTS(document, { silent: true })),
    'client.ts': CLIENT,
    'good.ts': GOOD,
  }
  WRONG.forEach(({ source }, index) => {
    files[`wrong-${index}.ts`] = `import { simulate } from './client.js'\nexport async function run(): Promise<void> {\n  ${source}\n}\n`
  })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text)

  // The repository's compiler, one program for every file (one check of the generated types).
  const program = ts.createProgram(
    Object.keys(files).map((name) => join(directory, name)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    },
  )
  const getDiagnostics = (name: string) => {
    const sourceFile = program.getSourceFile(join(directory, name))
    if (!sourceFile) throw new Error(`${name} is not in the program`)
    return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) => ({
      code: diagnostic.code,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }))
  }

  t.same(program.getGlobalDiagnostics(), [], 'no global diagnostic')
  for (const name of ['openapi.ts', 'client.ts', 'good.ts']) t.same(getDiagnostics(name), [], `${name} compiles without an error`)
  t.notMatch(files['openapi.ts'], /policy\??: unknown/, 'no policy typed unknown (as the former if/then/else was)')
  WRONG.forEach(({ name, code, names }, index) => {
    const diagnostics = getDiagnostics(`wrong-${index}.ts`)
    t.ok(
      diagnostics.some((diagnostic) => diagnostic.code === code && names.test(diagnostic.message)),
      `${name}: TS${code}`,
      { diagnostics },
    )
  })
})
