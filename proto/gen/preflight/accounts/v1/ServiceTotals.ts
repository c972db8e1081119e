// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface ServiceTotals {
  'total_simulations'?: (number | string | Long);
  'simulations_24h'?: (number | string | Long);
  'success_rate_24h'?: (number | string);
  'latency_p50_ms'?: (number | string);
  'latency_p95_ms'?: (number | string);
  'latency_p99_ms'?: (number | string);
}

export interface ServiceTotals__Output {
  'total_simulations': (number);
  'simulations_24h': (number);
  'success_rate_24h': (number);
  'latency_p50_ms': (number);
  'latency_p95_ms': (number);
  'latency_p99_ms': (number);
}
