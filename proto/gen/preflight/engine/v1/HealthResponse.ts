// Original file: engine.proto

import type { GeyserHealth as _preflight_engine_v1_GeyserHealth, GeyserHealth__Output as _preflight_engine_v1_GeyserHealth__Output } from '../../../preflight/engine/v1/GeyserHealth';
import type { WorkersHealth as _preflight_engine_v1_WorkersHealth, WorkersHealth__Output as _preflight_engine_v1_WorkersHealth__Output } from '../../../preflight/engine/v1/WorkersHealth';
import type { Long } from '@grpc/proto-loader';

export interface HealthResponse {
  'status'?: (string);
  'slot'?: (number | string | Long);
  'freshness'?: (string);
  'geyser'?: (_preflight_engine_v1_GeyserHealth | null);
  'workers'?: (_preflight_engine_v1_WorkersHealth | null);
}

export interface HealthResponse__Output {
  'status': (string);
  'slot': (number);
  'freshness': (string);
  'geyser': (_preflight_engine_v1_GeyserHealth__Output | null);
  'workers': (_preflight_engine_v1_WorkersHealth__Output | null);
}
