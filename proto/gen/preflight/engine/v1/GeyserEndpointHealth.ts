// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface GeyserEndpointHealth {
  'endpoint'?: (string);
  'state'?: (string);
  'last_slot'?: (number | string | Long);
}

export interface GeyserEndpointHealth__Output {
  'endpoint': (string);
  'state': (string);
  'last_slot': (number);
}
