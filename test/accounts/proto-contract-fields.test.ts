/**
 * proto/accounts.proto carries the user service's contract (accounts/contract/) over gRPC, field
 * by field: every field of each API shape the service answers has a proto field under the same
 * snake_case name and a compatible type (test/helpers/proto-schema-fields.ts), and the proto has
 * no field the schema lacks. A field added on one side only fails here, naming it. Whatever does
 * not follow the rules is in DIFFERENCES, each with its reason; a listed difference that is gone
 * fails too, so the list stays true.
 */
import { join } from 'node:path'
import t from 'tap'
import {
  apiKeySchema,
  authResponseSchema,
  billingSubscriptionSchema,
  billingUsageSchema,
  issuedApiKeySchema,
  issuedWebhookEndpointSchema,
  programBlocksSchema,
  simulationPageSchema,
  userSchema,
  userStatsSchema,
  webhookDeliverySchema,
} from '../../accounts/contract/index.js'
import { compareProtoMessage, type Json } from '../helpers/proto-schema-fields.js'

const PROTO_PATH = join(import.meta.dirname, '..', '..', 'proto', 'accounts.proto')
const PACKAGE = 'preflight.accounts.v1'
const compare = (messageName: string, schema: unknown) => compareProtoMessage(PROTO_PATH, PACKAGE, messageName, schema)

/** The deliberate differences, by path (`<Message>.<field>…`, as the mismatch names it). */
const DIFFERENCES: Record<string, string> = {
  // One message carries a key (or an endpoint) as listed and as issued: the secret is set only in the answers of create and rotate.
  'ApiKey.key': 'the cleartext key, only in the answers of create and rotate: optional in the one ApiKey message',
  'WebhookEndpoint.secret': 'the signing secret, only in the answers of create and rotate-secret: optional in the one message',
  // Safe integers carried as double: exact below 2^53, and read as numbers (grpc-js hands 64-bit integers over as strings).
  'SimulationPage.simulations[].compute_units': 'a safe integer as optional double',
  'SimulationPage.simulations[].transaction.landed_slot': 'a safe integer (a slot) as optional double',
  // A JSON object of counts by name is a proto map, which the comparison does not walk.
  'UserStats.mev_distribution': 'an object of counts by MEV level: map<string, uint64>',
}

/** Each message with its schema, and how many (schema, message) pairs it nests: the walk must reach them all. */
const CONTRACT: Array<[message: string, schema: unknown, messages: number]> = [
  ['User', userSchema, 1],
  ['AuthResponse', authResponseSchema, 1],
  ['ApiKey', issuedApiKeySchema, 1],
  ['SimulationPage', simulationPageSchema, 3],
  ['UserStats', userStatsSchema, 4],
  ['WebhookEndpoint', issuedWebhookEndpointSchema, 1],
  ['WebhookDelivery', webhookDeliverySchema, 1],
  ['BillingSubscription', billingSubscriptionSchema, 2],
  ['BillingUsage', billingUsageSchema, 5],
  ['ProgramBlocks', programBlocksSchema, 1],
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
  // A field on one side only and a wrong type are each found on the accounts' messages too.
  const key = JSON.parse(JSON.stringify(apiKeySchema)) as Json
  const properties = key.properties as Record<string, Json>
  properties.new_field = { type: 'string' }
  delete properties.last_four
  properties.requests_count = { type: 'string' }
  const { found } = compare('ApiKey', key)
  for (const path of ['ApiKey.new_field', 'ApiKey.last_four', 'ApiKey.requests_count']) t.ok(found.has(path), `${path} is found`)
})
