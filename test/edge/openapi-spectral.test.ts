/**
 * The live /openapi.json linted with Spectral's `spectral:oas` ruleset (its recommended rules, as
 * `spectral lint` applies them): no error and no warning — every operation tagged and described,
 * `info.contact`, the WebSocket route with a success answer and its messages in `x-websocket`.
 * `npm run lint` runs this file too.
 */
import Parsers from '@stoplight/spectral-parsers'
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core'
import { oas } from '@stoplight/spectral-rulesets'
import t from 'tap'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { unusedEngine } from '../helpers/unused-engine.js'

t.test('Spectral spectral:oas finds nothing in the document', async (t) => {
  const { app } = await createTestEdgeWithUser(t, unusedEngine)
  const text = (await app.inject({ method: 'GET', url: '/openapi.json' })).body
  const spectral = new Spectral()
  // Spectral's types want the ruleset as a definition; the ruleset object is one.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] })
  const results = await spectral.run(new Document(text, Parsers.Json, '/openapi.json'))
  t.same(
    results.map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`),
    [],
    'no error, warning, information or hint',
  )
  // The ruleset did run: a document without contact is caught.
  const withoutContact = JSON.parse(text) as { info: Record<string, unknown> }
  delete withoutContact.info.contact
  const caught = await spectral.run(new Document(JSON.stringify(withoutContact), Parsers.Json, '/openapi.json'))
  t.same(
    caught.map((result) => result.code),
    ['info-contact'],
    'and it would have said so',
  )
})
