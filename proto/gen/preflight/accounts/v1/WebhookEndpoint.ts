// Original file: accounts.proto


export interface WebhookEndpoint {
  'id'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'description'?: (string);
  'disabled_at'?: (string);
  'disabled_reason'?: (string);
  'created_at'?: (string);
  'secret'?: (string);
  '_description'?: "description";
  '_disabled_at'?: "disabled_at";
  '_disabled_reason'?: "disabled_reason";
  '_secret'?: "secret";
}

export interface WebhookEndpoint__Output {
  'id': (string);
  'url': (string);
  'events': (string)[];
  'description'?: (string);
  'disabled_at'?: (string);
  'disabled_reason'?: (string);
  'created_at': (string);
  'secret'?: (string);
  '_description'?: "description";
  '_disabled_at'?: "disabled_at";
  '_disabled_reason'?: "disabled_reason";
  '_secret'?: "secret";
}
