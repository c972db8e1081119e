/**
 * The closed sets and limits of webhook endpoints (docs/webhooks.md), checked by the user service
 * whatever the transport, so the edge's JSON schema and a gRPC caller meet the same rules.
 */
import { createServiceError } from '../../lib/errors.js'
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../contract/webhooks.js'

/**
 * Deliveries a worker keeps in flight at once, across endpoints (WEBHOOK_CONCURRENCY): a socket and
 * a claimed row each; an endpoint that answers slowly or not at all holds one of them.
 */
export const DEFAULT_WEBHOOK_CONCURRENCY = 32

/**
 * The most deliveries one endpoint may have pending; an event queued past it is stored failed at
 * once (migration 0009, which holds the same number, enforces it for every statement that queues).
 */
export const MAX_PENDING_WEBHOOK_DELIVERIES = 1000

/** Whether `value` is one of WEBHOOK_EVENT_TYPES. */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value)
}

/** The distinct events of `value`, sorted; `validation_error` naming `events` otherwise. */
export function toWebhookEvents(value: unknown): WebhookEventType[] {
  if (!Array.isArray(value) || value.length === 0) throw createServiceError('validation_error', 'events: must be a non-empty array')
  if (value.length > WEBHOOK_EVENT_TYPES.length * 2) {
    throw createServiceError('validation_error', `events: must have at most ${WEBHOOK_EVENT_TYPES.length * 2} items`)
  }
  for (const [index, event] of value.entries()) {
    if (!isWebhookEventType(event))
      throw createServiceError('validation_error', `events[${index}]: must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`)
  }
  return [...new Set(value as WebhookEventType[])].sort()
}

/** `value` as a description: null when absent, `validation_error` naming `description` when too long or not text. */
export function toWebhookDescription(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw createServiceError('validation_error', 'description: must be a string')
  if (value.length > MAX_WEBHOOK_DESCRIPTION_LENGTH) {
    throw createServiceError('validation_error', `description: must have at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`)
  }
  return value
}
