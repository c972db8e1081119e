// A simulate answer travelling as JSON text (engine/contract/serialized-simulate-response.ts): the
// fields a door puts in front of it serialize exactly as the object spread they replace, the summary
// carries the history record's fields, and a WebSocket frame of it encodes in both formats.
import t from 'tap'
import { Packr } from 'msgpackr'
import { stringifyAscii } from '../../engine/contract/ascii-json.js'
import { prefixSerializedFields, serializeSimulateResponse, toSimulateSummary } from '../../engine/contract/serialized-simulate-response.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { encodeStreamFrame, SerializedJsonFrame } from '../../edge/ws/stream-codec.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createTestEdgeWithUser, postSimulate } from '../helpers/edge-inject.js'
import { unusedEngine } from '../helpers/unused-engine.js'

// Not a whole answer: the functions under test read the summary's fields and copy the rest as text.
const answer = {
  success: false,
  decision: 'block',
  failure_code: 'insufficient_sol',
  failure_reason: 'the fee payer has no SOL: "quoted" \\ text, ünïcode',
  compute_units: null,
  fee_estimate_sol: 0.000005,
  latency_ms: 0.25,
  cached: false,
  risk: { risk_level: 'critical', mev_score: 0, mev_level: 'none', risk_score: 100 },
  balance_changes: [{ account: 'x', delta: -5000 }],
} as unknown as SimulateResponse

t.test('fields in front of the text serialize as the spread they replace', async (t) => {
  const { json } = serializeSimulateResponse(answer)
  t.equal(json, stringifyAscii(answer), 'the text is in ASCII (engine/contract/ascii-json.ts)')
  t.same(JSON.parse(json), answer)
  for (const fields of [{ index: 3 }, { id: 'a"b' }, { id: 7, type: 'simulate' }, { id: null }]) {
    const text = prefixSerializedFields(fields, json)
    t.equal(text, stringifyAscii({ ...fields, ...answer }), JSON.stringify(fields))
    t.same(JSON.parse(text), { ...fields, ...answer })
  }
  t.equal(prefixSerializedFields({}, json), json, 'no fields: the text as it is')
})

t.test("the summary is the history record's fields, and nothing else", async (t) => {
  t.same(toSimulateSummary(answer), {
    success: false,
    decision: 'block',
    failure_code: 'insufficient_sol',
    failure_reason: answer.failure_reason,
    compute_units: null,
    fee_estimate_sol: 0.000005,
    latency_ms: 0.25,
    cached: false,
    risk: { risk_level: 'critical', mev_score: 0, mev_level: 'none' },
  })
  t.equal(serializeSimulateResponse(answer).summary, answer, "on the answer's own thread the answer is its summary: no copy")
})

t.test('a WebSocket frame of JSON text is sent as it is, or packed from it', async (t) => {
  const text = prefixSerializedFields({ id: 1 }, JSON.stringify(answer))
  const frame = new SerializedJsonFrame(1, text)
  t.equal(encodeStreamFrame(frame, 'json'), text)
  const packed = encodeStreamFrame(frame, 'msgpack')
  t.ok(Buffer.isBuffer(packed))
  t.same(new Packr({ useRecords: false, mapsAsObjects: true }).unpack(packed as Buffer), { id: 1, ...answer })
})

t.test("REST sends the engine's JSON text as it is, and records the summary's fields", async (t) => {
  // An engine whose text is recognisably its own: a field no object path would add.
  const text = JSON.stringify({ ...answer, written_by: 'the engine' })
  const calls: string[] = []
  const engine: EngineClient = {
    ...unusedEngine,
    simulate: async () => {
      calls.push('simulate')
      return answer
    },
    simulateSerialized: async () => {
      calls.push('simulateSerialized')
      return { json: text, summary: toSimulateSummary(answer) }
    },
  }
  const { app, user } = await createTestEdgeWithUser(t, engine)
  const transaction = Buffer.alloc(64, 1).toString('base64')
  const response = await postSimulate(app, { transaction })
  t.equal(response.statusCode, 200)
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(response.body, text, 'byte for byte')
  const batch = await app.inject({
    method: 'POST',
    url: '/api/v1/solana/tx/simulate-batch',
    headers: { 'x-api-key': user.apiKey },
    payload: { transactions: [transaction, 'not base64!'] },
  })
  t.equal(batch.statusCode, 200)
  t.equal(batch.headers['content-type'], 'application/json; charset=utf-8')
  t.same(JSON.parse(batch.body), {
    results: [
      { index: 0, ...answer, written_by: 'the engine' },
      { index: 1, error: { code: 'invalid_transaction', message: 'transaction: not valid base64' } },
    ],
    total: 2,
    succeeded: 0,
    failed: 2,
  })
  t.same(calls, ['simulateSerialized', 'simulateSerialized'], 'the JSON doors ask for text, never the object')
})

t.test('an engine client without simulateSerialized is asked for the object, which the edge serializes', async (t) => {
  const { simulateSerialized: _none, ...objectOnly } = unusedEngine
  const { app } = await createTestEdgeWithUser(t, { ...objectOnly, simulate: async () => answer })
  const response = await postSimulate(app, { transaction: Buffer.alloc(64, 1).toString('base64') })
  t.equal(response.statusCode, 200)
  t.equal(response.body, stringifyAscii(answer))
})
