// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface SendResponse {
  'signature'?: (string);
  'route'?: (string);
  'confirmation'?: (string);
  'attempts'?: (number);
  'slot'?: (number | string | Long);
  'transaction_error_json'?: (string);
  'latency_ms'?: (number | string);
  '_slot'?: "slot";
  '_transaction_error_json'?: "transaction_error_json";
}

export interface SendResponse__Output {
  'signature': (string);
  'route': (string);
  'confirmation': (string);
  'attempts': (number);
  'slot'?: (number);
  'transaction_error_json'?: (string);
  'latency_ms': (number);
  '_slot'?: "slot";
  '_transaction_error_json'?: "transaction_error_json";
}
