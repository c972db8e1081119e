/** Response schemas of the API-key routes (docs/api.md#api-keys). */
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const apiKeyProperties = {
  id: { type: 'string', format: 'uuid' },
  name: { type: 'string', minLength: 1, maxLength: 100 },
  prefix: { type: 'string', description: 'The leading characters every key shares: `pf_live_`.' },
  last_four: { type: 'string', description: "The key's last four characters, to tell keys apart." },
  requests_count: { type: 'integer', minimum: 0 },
  last_used_at: { type: ['string', 'null'], format: 'date-time' },
  expires_at: { type: ['string', 'null'], format: 'date-time' },
  created_at: { type: 'string', format: 'date-time' },
} as const

const apiKeyRequired = ['id', 'name', 'prefix', 'last_four', 'requests_count', 'last_used_at', 'expires_at', 'created_at'] as const

/** A key as listed: never the key itself. */
export const apiKeySchema = {
  $id: 'ApiKey',
  type: 'object',
  required: apiKeyRequired,
  additionalProperties: false,
  properties: apiKeyProperties,
} as const

/** A key as create and rotate answer it: with the cleartext key, shown this once. */
export const issuedApiKeySchema = {
  $id: 'IssuedApiKey',
  type: 'object',
  required: [...apiKeyRequired, 'key'],
  additionalProperties: false,
  properties: {
    ...apiKeyProperties,
    key: { type: 'string', pattern: '^pf_live_', description: 'The cleartext key (X-API-Key); shown only here.' },
  },
} as const

const apiKeyListSchema = {
  type: 'object',
  required: ['keys'],
  additionalProperties: false,
  properties: { keys: { type: 'array', items: apiKeySchema } },
} as const

const revokedSchema = {
  type: 'object',
  required: ['id', 'revoked'],
  additionalProperties: false,
  properties: { id: { type: 'string' }, revoked: { type: 'boolean', const: true } },
} as const

export const listApiKeysResponses = { 200: apiKeyListSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
export const createApiKeyResponses = {
  200: issuedApiKeySchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS]),
}
export const revokeApiKeyResponses = { 200: revokedSchema, ...createErrorResponses([...CALLER_ERRORS, 404, ...SERVER_ERRORS]) }
export const rotateApiKeyResponses = { 200: issuedApiKeySchema, ...createErrorResponses([...CALLER_ERRORS, 404, ...SERVER_ERRORS]) }
