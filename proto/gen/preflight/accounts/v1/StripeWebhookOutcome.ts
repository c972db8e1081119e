// Original file: accounts.proto


export interface StripeWebhookOutcome {
  'event_id'?: (string);
  'duplicate'?: (boolean);
}

export interface StripeWebhookOutcome__Output {
  'event_id': (string);
  'duplicate': (boolean);
}
