// Original file: engine.proto

import type { SimulateResponse as _preflight_engine_v1_SimulateResponse, SimulateResponse__Output as _preflight_engine_v1_SimulateResponse__Output } from '../../../preflight/engine/v1/SimulateResponse';

export interface WatchEvent {
  'watch_id'?: (string);
  'simulation'?: (_preflight_engine_v1_SimulateResponse | null);
  'end_reason'?: (string);
  'event'?: "simulation"|"end_reason";
}

export interface WatchEvent__Output {
  'watch_id': (string);
  'simulation'?: (_preflight_engine_v1_SimulateResponse__Output | null);
  'end_reason'?: (string);
  'event'?: "simulation"|"end_reason";
}
