/** API keys (docs/api.md#api-keys) and what an API-key secret authenticates. */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../../lib/json-schema.js'
import type { Role } from '../../lib/access-token.js'

const apiKeyProperties = {
  id: Type.String({ format: 'uuid' }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  prefix: Type.String({ description: 'The leading characters every key shares: `pf_live_`.' }),
  last_four: Type.String({ description: "The key's last four characters, to tell keys apart." }),
  requests_count: Type.Integer({ minimum: 0 }),
  last_used_at: Nullable(Type.String({ format: 'date-time' })),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
}

/** A key as listed: never the key itself. */
export const apiKeySchema = Type.Object(apiKeyProperties, { $id: 'ApiKey', additionalProperties: false })

/** A key as create and rotate answer it: with the cleartext key, shown this once. */
export const issuedApiKeySchema = Type.Object(
  {
    ...apiKeyProperties,
    key: Type.String({ pattern: '^pf_live_', description: 'The cleartext key (X-API-Key); shown only here.' }),
  },
  { $id: 'IssuedApiKey', additionalProperties: false },
)

/** An API key as the service answers it; `key` (the cleartext) only in the answers of create and rotate. */
export type ApiKey = Static<typeof apiKeySchema> & { key?: string }

/** Who an API-key secret belongs to, for the edge's authentication cache. */
export interface ApiKeyPrincipal {
  userId: string
  role: Role
  apiKeyId: string
  /** Epoch ms after which this secret stops working (rotation grace or `expires_at`); null: no end. */
  validUntilMs: number | null
  /** A card is on file: the paid rate limit, and simulations past the free quota are metered (docs/api.md#rate-limits-and-quota). */
  hasCard: boolean
}

/** Requests counted at the edge for one key since the last flush. */
export interface KeyUsage {
  apiKeyId: string
  count: number
  lastUsedAtMs: number
}
