// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface DailyStats {
  'date'?: (string);
  'simulations'?: (number | string | Long);
  'success_count'?: (number | string | Long);
  'approve'?: (number | string | Long);
  'warn'?: (number | string | Long);
  'block'?: (number | string | Long);
  'latency_p50_ms'?: (number | string);
  'latency_p95_ms'?: (number | string);
  'latency_p99_ms'?: (number | string);
  '_latency_p50_ms'?: "latency_p50_ms";
  '_latency_p95_ms'?: "latency_p95_ms";
  '_latency_p99_ms'?: "latency_p99_ms";
}

export interface DailyStats__Output {
  'date': (string);
  'simulations': (number);
  'success_count': (number);
  'approve': (number);
  'warn': (number);
  'block': (number);
  'latency_p50_ms'?: (number);
  'latency_p95_ms'?: (number);
  'latency_p99_ms'?: (number);
  '_latency_p50_ms'?: "latency_p50_ms";
  '_latency_p95_ms'?: "latency_p95_ms";
  '_latency_p99_ms'?: "latency_p99_ms";
}
