// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface TipFloor {
  'slots'?: (number);
  'sample_count'?: (number);
  'p25'?: (number | string | Long);
  'p50'?: (number | string | Long);
  'p75'?: (number | string | Long);
  'p95'?: (number | string | Long);
  'p99'?: (number | string | Long);
  'floor_lamports'?: (number | string | Long);
  'tip_accounts'?: (string)[];
  '_p25'?: "p25";
  '_p50'?: "p50";
  '_p75'?: "p75";
  '_p95'?: "p95";
  '_p99'?: "p99";
}

export interface TipFloor__Output {
  'slots': (number);
  'sample_count': (number);
  'p25'?: (number);
  'p50'?: (number);
  'p75'?: (number);
  'p95'?: (number);
  'p99'?: (number);
  'floor_lamports': (number);
  'tip_accounts': (string)[];
  '_p25'?: "p25";
  '_p50'?: "p50";
  '_p75'?: "p75";
  '_p95'?: "p95";
  '_p99'?: "p99";
}
