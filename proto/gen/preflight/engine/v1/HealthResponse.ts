// Original file: engine.proto

import type { GeyserHealth as _preflight_engine_v1_GeyserHealth, GeyserHealth__Output as _preflight_engine_v1_GeyserHealth__Output } from '../../../preflight/engine/v1/GeyserHealth';
import type { Long } from '@grpc/proto-loader';

export interface HealthResponse {
  'status'?: (string);
  'slot'?: (number | string | Long);
  'freshness'?: (string);
  'geyser'?: (_preflight_engine_v1_GeyserHealth | null);
}

export interface HealthResponse__Output {
  'status': (string);
  'slot': (number);
  'freshness': (string);
  'geyser': (_preflight_engine_v1_GeyserHealth__Output | null);
}
