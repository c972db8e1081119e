/**
 * Conversions between the identity half of the UserService interface (users, tokens, API keys) and
 * its gRPC messages (proto/accounts.proto), used by the server and the client alike so the two
 * agree.
 */
import type { ApiKey, ApiKeyPrincipal, AuthResponse, IdentityService, KeyUsage, Role, User, UserState } from '../contract/index.js'
import { createServiceError } from '../../lib/errors.js'
import type { ApiKey as ApiKeyMessage, ApiKey__Output as ApiKeyOutput } from '../../proto/gen/preflight/accounts/v1/ApiKey.js'
import type {
  ApiKeyPrincipal as ApiKeyPrincipalMessage,
  ApiKeyPrincipal__Output as ApiKeyPrincipalOutput,
} from '../../proto/gen/preflight/accounts/v1/ApiKeyPrincipal.js'
import type {
  AuthResponse as AuthResponseMessage,
  AuthResponse__Output as AuthResponseOutput,
} from '../../proto/gen/preflight/accounts/v1/AuthResponse.js'
import type {
  CreateApiKeyRequest as CreateApiKeyRequestMessage,
  CreateApiKeyRequest__Output as CreateApiKeyRequestOutput,
} from '../../proto/gen/preflight/accounts/v1/CreateApiKeyRequest.js'
import type { KeyUsage as KeyUsageMessage, KeyUsage__Output as KeyUsageOutput } from '../../proto/gen/preflight/accounts/v1/KeyUsage.js'
import type { User as UserMessage, User__Output as UserOutput } from '../../proto/gen/preflight/accounts/v1/User.js'
import type {
  UserState as UserStateMessage,
  UserState__Output as UserStateOutput,
} from '../../proto/gen/preflight/accounts/v1/UserState.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

/** What `IdentityService.createApiKey` takes besides the user id. */
export type CreateApiKeyRequest = Parameters<IdentityService['createApiKey']>[1]

/** The role a message's string names; anything else is a broken answer, never a guess. */
export function fromRoleMessage(role: string): Role {
  if (role === 'user' || role === 'admin') return role
  throw createServiceError('internal_error', `the accounts service sent role ${JSON.stringify(role)}`)
}

/** The message of an AuthResponse. */
export function toAuthResponseMessage(response: AuthResponse): AuthResponseMessage {
  return { ...response }
}

/** The AuthResponse a message carries. */
export function fromAuthResponseMessage(message: AuthResponseOutput): AuthResponse {
  if (message.token_type !== 'Bearer') {
    throw createServiceError('internal_error', `the accounts service sent token_type ${message.token_type}`)
  }
  return { token: message.token, refresh_token: message.refresh_token, token_type: 'Bearer', expires_in: message.expires_in }
}

/** The message of a user. */
export function toUserMessage(user: User): UserMessage {
  return { ...user, name: toOptionalField(user.name), timezone: toOptionalField(user.timezone) }
}

/** The user a message carries. */
export function fromUserMessage(message: UserOutput): User {
  return {
    id: message.id,
    email: message.email,
    name: fromOptionalField(message.name),
    role: fromRoleMessage(message.role),
    email_verified: message.email_verified,
    timezone: fromOptionalField(message.timezone),
    created_at: message.created_at,
  }
}

/** The message of a user's state. */
export function toUserStateMessage(state: UserState): UserStateMessage {
  return { user_id: state.userId, role: state.role, active: state.active, has_card: state.hasCard }
}

/** The user state a message carries. */
export function fromUserStateMessage(message: UserStateOutput): UserState {
  return { userId: message.user_id, role: fromRoleMessage(message.role), active: message.active, hasCard: message.has_card }
}

/** The message of an API key. */
export function toApiKeyMessage(key: ApiKey): ApiKeyMessage {
  return { ...key, last_used_at: toOptionalField(key.last_used_at), expires_at: toOptionalField(key.expires_at) }
}

/** The API key a message carries; `key` is present only when the message has it. */
export function fromApiKeyMessage(message: ApiKeyOutput): ApiKey {
  return {
    id: message.id,
    name: message.name,
    prefix: message.prefix,
    last_four: message.last_four,
    // Absent, not undefined: a listed key has no `key` property at all.
    ...(message.key === undefined ? {} : { key: message.key }),
    requests_count: message.requests_count,
    last_used_at: fromOptionalField(message.last_used_at),
    expires_at: fromOptionalField(message.expires_at),
    created_at: message.created_at,
  }
}

/** The request message of `createApiKey`, keeping "no expiry given" apart from "expires never" (null). */
export function toCreateApiKeyRequestMessage(userId: string, request: CreateApiKeyRequest): CreateApiKeyRequestMessage {
  const expiresAtMs = request.expiresAtMs
  return {
    user_id: userId,
    name: request.name,
    expires_at_ms: expiresAtMs === undefined ? null : { value: toOptionalField(expiresAtMs) },
  }
}

/** The `createApiKey` request a message carries. */
export function fromCreateApiKeyRequestMessage(message: CreateApiKeyRequestOutput): CreateApiKeyRequest {
  if (message.expires_at_ms === null) return { name: message.name }
  return { name: message.name, expiresAtMs: fromOptionalField(message.expires_at_ms.value) }
}

/** The message of an API-key principal. */
export function toApiKeyPrincipalMessage(principal: ApiKeyPrincipal): ApiKeyPrincipalMessage {
  return {
    user_id: principal.userId,
    role: principal.role,
    api_key_id: principal.apiKeyId,
    valid_until_ms: toOptionalField(principal.validUntilMs),
    has_card: principal.hasCard,
  }
}

/** The API-key principal a message carries. */
export function fromApiKeyPrincipalMessage(message: ApiKeyPrincipalOutput): ApiKeyPrincipal {
  return {
    userId: message.user_id,
    role: fromRoleMessage(message.role),
    apiKeyId: message.api_key_id,
    validUntilMs: fromOptionalField(message.valid_until_ms),
    hasCard: message.has_card,
  }
}

/** The message of one key's counted requests. */
export function toKeyUsageMessage(usage: KeyUsage): KeyUsageMessage {
  return { api_key_id: usage.apiKeyId, count: usage.count, last_used_at_ms: usage.lastUsedAtMs }
}

/** The key usage a message carries. */
export function fromKeyUsageMessage(message: KeyUsageOutput): KeyUsage {
  return { apiKeyId: message.api_key_id, count: message.count, lastUsedAtMs: message.last_used_at_ms }
}
