/** Response schemas of the API-key routes (docs/api.md#api-keys). */
import { apiKeySchema, issuedApiKeySchema } from '../../accounts/contract/index.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

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
