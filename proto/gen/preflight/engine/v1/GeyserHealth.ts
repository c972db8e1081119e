// Original file: engine.proto

import type { GeyserEndpointHealth as _preflight_engine_v1_GeyserEndpointHealth, GeyserEndpointHealth__Output as _preflight_engine_v1_GeyserEndpointHealth__Output } from '../../../preflight/engine/v1/GeyserEndpointHealth';

export interface GeyserHealth {
  'state'?: (string);
  'endpoints'?: (_preflight_engine_v1_GeyserEndpointHealth)[];
}

export interface GeyserHealth__Output {
  'state': (string);
  'endpoints': (_preflight_engine_v1_GeyserEndpointHealth__Output)[];
}
