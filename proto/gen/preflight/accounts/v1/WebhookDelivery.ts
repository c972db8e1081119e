// Original file: accounts.proto


export interface WebhookDelivery {
  'id'?: (string);
  'event_id'?: (string);
  'event_type'?: (string);
  'status'?: (string);
  'attempts'?: (number);
  'next_attempt_at'?: (string);
  'last_response_code'?: (number);
  'last_latency_ms'?: (number);
  'last_error'?: (string);
  'created_at'?: (string);
  'delivered_at'?: (string);
  '_next_attempt_at'?: "next_attempt_at";
  '_last_response_code'?: "last_response_code";
  '_last_latency_ms'?: "last_latency_ms";
  '_last_error'?: "last_error";
  '_delivered_at'?: "delivered_at";
}

export interface WebhookDelivery__Output {
  'id': (string);
  'event_id': (string);
  'event_type': (string);
  'status': (string);
  'attempts': (number);
  'next_attempt_at'?: (string);
  'last_response_code'?: (number);
  'last_latency_ms'?: (number);
  'last_error'?: (string);
  'created_at': (string);
  'delivered_at'?: (string);
  '_next_attempt_at'?: "next_attempt_at";
  '_last_response_code'?: "last_response_code";
  '_last_latency_ms'?: "last_latency_ms";
  '_last_error'?: "last_error";
  '_delivered_at'?: "delivered_at";
}
