/**
 * proto/engine.proto carries the engine's contract (engine/contract/) over gRPC, field by field:
 * every field of the simulate response schema has a proto field under the same snake_case name
 * and a compatible type, and the proto has no field the schema lacks — the same for the request
 * the engine's health and the approval scan. A field added on one side only fails here, naming it.
 *
 * Compatible types: test/helpers/proto-schema-fields.ts. Whatever does not follow these rules is in DIFFERENCES, each with its reason; a listed
 * difference that is gone fails too, so the list stays true.
 */
import { join } from 'node:path'
import t from 'tap'
import { compareProtoMessage, type Json } from '../../helpers/proto-schema-fields.js'
import { approvalsResponseSchema } from '../../../engine/contract/approvals-response.js'
import { engineHealthSchema } from '../../../engine/contract/engine-health.js'
import { simulateRequestSchema } from '../../../engine/contract/simulate-request.js'
import { simulateResponseSchema } from '../../../engine/contract/simulate-response.js'
import { executeResponseSchema } from '../../../engine/contract/execute-response.js'
import { sendResponseSchema } from '../../../engine/contract/send-response.js'
import { trackedTransactionSchema } from '../../../engine/contract/transaction-tracking.js'
import { submitResponseSchema } from '../../../engine/contract/submit-response.js'
import { tipFloorSchema } from '../../../engine/contract/tips-response.js'
import { executeBodySchema, sendBodySchema, submitBodySchema } from '../../../edge/schemas/transactions.js'

const PROTO_PATH = join(import.meta.dirname, '..', '..', '..', 'proto', 'engine.proto')
const PACKAGE = 'preflight.engine.v1'
const compare = (messageName: string, schema: unknown) => compareProtoMessage(PROTO_PATH, PACKAGE, messageName, schema)

/**
 * The deliberate differences, by path (`<Message>.<field>…`, as the mismatch names it). Both sides
 * of a field carried under another name are listed: the JSON name and the proto one.
 */
const DIFFERENCES: Record<string, string> = {
  // A JSON value of any shape (a string or an object) has no proto3 type: its JSON text travels.
  'SimulateResponse.transaction_error': 'any JSON value: carried as its JSON text in transaction_error_json',
  'SimulateResponse.transaction_error_json': 'the JSON text of transaction_error (unset: null)',
  'SimulateRequest.policy':
    'a preset name or an object (oneOf): carried as its JSON text in policy_json, which keeps null (no limit) apart from left out',
  'SimulateRequest.policy_json': 'the JSON text of policy (empty: left out)',
  // REST sends base64 text in JSON; gRPC sends the bytes themselves.
  'SimulateRequest.transaction': 'base64 text in JSON, the wire bytes over gRPC (bytes transaction)',
  // Who the request is for is the caller's credential over REST, never a body field.
  'SimulateRequest.tenant_id': 'set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body',
  // A request field left out is the proto3 zero value, which the engine reads as "not sent".
  'SimulateRequest.vectors': 'left out ↔ empty: every vector',
  'SimulateRequest.timeout_ms': 'left out ↔ 0: the default (the maximum)',
  'SimulateRequest.replace_recent_blockhash': 'left out ↔ false',
  // repeated has no presence: the mapper turns an empty pool back into null (a pool always has two vaults).
  'SimulateResponse.risk.mev_factors.pool': 'null ↔ an empty repeated field',
  // The schemas as published say less than the values are: kept, not to change /openapi.json here.
  'SimulateResponse.risk.mev_factors.slippage_bps':
    'the schema says number; the value is whole bps, never negative (getSlippageBps), as uint32 says',
  'SimulateResponse.slippage.bps': 'the schema has no minimum; the value is never negative (getSlippageBps), as uint32 says',
  // Execute, send and tracking: the JSON values of any shape travel as their JSON text, as on simulate.
  'ExecuteResponse.transaction_error': 'any JSON value: carried as its JSON text in transaction_error_json',
  'ExecuteResponse.transaction_error_json': 'the JSON text of transaction_error (unset: null)',
  'ExecuteResponse.policy_applied':
    'an object of any values (every effective policy field): carried as its JSON text in policy_applied_json',
  'ExecuteResponse.policy_applied_json': 'the JSON text of policy_applied',
  'SendResponse.transaction_error': 'any JSON value: carried as its JSON text in transaction_error_json',
  'SendResponse.transaction_error_json': 'the JSON text of transaction_error (unset: null)',
  'TrackedTransaction.transaction_error': 'any JSON value: carried as its JSON text in transaction_error_json',
  'TrackedTransaction.transaction_error_json': 'the JSON text of transaction_error (unset: null)',
  // The REST bodies of execute and send against their requests: the same differences as SimulateRequest's.
  'ExecuteRequest.transaction': 'base64 text in JSON, the wire bytes over gRPC (bytes transaction)',
  'ExecuteRequest.tenant_id': 'set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body',
  'ExecuteRequest.card_on_file':
    "the caller's card on file, set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body",
  'ExecuteRequest.policy':
    'a preset name or an object (oneOf): carried as its JSON text in policy_json, which keeps null (no limit) apart from left out',
  'ExecuteRequest.policy_json': 'the JSON text of policy (empty: left out)',
  'ExecuteRequest.wait_confirmation': 'left out ↔ false',
  'SendRequest.transaction': 'base64 text in JSON, the wire bytes over gRPC (bytes transaction)',
  'SendRequest.tenant_id': 'set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body',
  'SendRequest.card_on_file':
    "the caller's card on file, set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body",
  'SendRequest.use_relay': 'left out ↔ false',
  'SendRequest.wait_confirmation': 'left out ↔ false',
  // Submit: the same differences as send's, request and response.
  'SubmitResponse.transaction_error': 'any JSON value: carried as its JSON text in transaction_error_json',
  'SubmitResponse.transaction_error_json': 'the JSON text of transaction_error (unset: null)',
  'SubmitRequest.transaction': 'base64 text in JSON, the wire bytes over gRPC (bytes transaction)',
  'SubmitRequest.tenant_id': 'set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body',
  'SubmitRequest.card_on_file':
    "the caller's card on file, set by the edge from the authenticated caller (or by the gate from the API key); not in a REST body",
  'SubmitRequest.wait_confirmation': 'left out ↔ false',
}

/** Each message with its schema, and how many (schema, message) pairs it nests: the walk must reach them all. */
const CONTRACT: Array<[message: string, schema: unknown, messages: number]> = [
  // SimulateResponse, FeeDetails, PriorityFees, Slippage, Risk, BlacklistedProgram, DexProgram, TokenRisk, RiskFinding,
  // MevFactors, Recommendation, ProgramUsage, CallNode, BalanceChange, LandingEstimate, DecisionReason, TipFloor,
  // Mev, Extractable.
  ['SimulateResponse', simulateResponseSchema, 20],
  ['SimulateRequest', simulateRequestSchema, 1],
  // HealthResponse, GeyserHealth, GeyserEndpointHealth, WorkersHealth.
  ['HealthResponse', engineHealthSchema, 4],
  // ApprovalsResponse, TokenApproval.
  ['ApprovalsResponse', approvalsResponseSchema, 2],
  // ExecuteResponse, DecisionReason, SignerSummary.
  ['ExecuteResponse', executeResponseSchema, 3],
  ['SendResponse', sendResponseSchema, 1],
  // TrackedTransaction, Prediction, PredictedBalanceChange, Outcome, OutcomeDifference.
  ['TrackedTransaction', trackedTransactionSchema, 5],
  ['ExecuteRequest', executeBodySchema, 1],
  // max_retries left out means the default (3): proto3 `optional` keeps it apart from 0.
  ['SendRequest', sendBodySchema, 1],
  // SubmitResponse, BundleLintEntry.
  ['SubmitResponse', submitResponseSchema, 2],
  // tip_lamports and deadline_ms left out mean the engine's defaults: proto3 `optional` keeps them apart from 0.
  ['SubmitRequest', submitBodySchema, 1],
  ['TipFloor', tipFloorSchema, 1],
]

for (const [message, schema, messages] of CONTRACT) {
  t.test(`${message}: the proto and the contract have the same fields`, async (t) => {
    const { found, messages: compared } = compare(message, schema)
    t.equal(compared, messages, 'every nested message is compared')
    const unlisted = [...found].filter(([path]) => !(path in DIFFERENCES)).map(([path, why]) => `${path}: ${why}`)
    t.same(unlisted, [], 'every mismatch is a listed difference')
    const listed = Object.keys(DIFFERENCES).filter((path) => path.startsWith(`${message}.`))
    t.same(
      listed.filter((path) => !found.has(path)),
      [],
      'every listed difference is still one',
    )
  })
}

t.test('the comparison sees what it must', async (t) => {
  // A field on one side only, a wrong type, a missing optional and a wrong nesting are each found.
  const response = JSON.parse(JSON.stringify(simulateResponseSchema)) as Json
  const properties = response.properties as Record<string, Json>
  properties.new_field = { type: 'string' }
  delete properties.cached
  properties.latency_ms = { type: 'string' }
  properties.context_slot = { type: ['integer', 'null'], minimum: 0 }
  ;((properties.risk as Json).properties as Record<string, Json>).known_bots = { type: 'array', items: { type: 'integer' } }
  ;(((properties.call_tree as Json).items as Json).properties as Record<string, Json>).depth = { type: 'integer' }
  const { found } = compare('SimulateResponse', response)
  for (const path of [
    'SimulateResponse.new_field',
    'SimulateResponse.cached',
    'SimulateResponse.latency_ms',
    'SimulateResponse.context_slot',
    'SimulateResponse.risk.known_bots',
    'SimulateResponse.call_tree[].depth',
  ]) {
    t.ok(found.has(path), `${path} is found`, { found: [...found] })
  }
})
