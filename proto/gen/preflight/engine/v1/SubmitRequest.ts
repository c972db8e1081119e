// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface SubmitRequest {
  'transaction'?: (Buffer | Uint8Array | string);
  'tenant_id'?: (string);
  'strategy'?: (string);
  'tip_lamports'?: (number | string | Long);
  'wait_confirmation'?: (boolean);
  'deadline_ms'?: (number);
  'card_on_file'?: (boolean);
  '_tip_lamports'?: "tip_lamports";
  '_deadline_ms'?: "deadline_ms";
}

export interface SubmitRequest__Output {
  'transaction': (Buffer);
  'tenant_id': (string);
  'strategy': (string);
  'tip_lamports'?: (number);
  'wait_confirmation': (boolean);
  'deadline_ms'?: (number);
  'card_on_file': (boolean);
  '_tip_lamports'?: "tip_lamports";
  '_deadline_ms'?: "deadline_ms";
}
