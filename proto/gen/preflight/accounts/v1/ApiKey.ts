// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface ApiKey {
  'id'?: (string);
  'name'?: (string);
  'prefix'?: (string);
  'last_four'?: (string);
  'key'?: (string);
  'requests_count'?: (number | string | Long);
  'last_used_at'?: (string);
  'expires_at'?: (string);
  'created_at'?: (string);
  '_key'?: "key";
  '_last_used_at'?: "last_used_at";
  '_expires_at'?: "expires_at";
}

export interface ApiKey__Output {
  'id': (string);
  'name': (string);
  'prefix': (string);
  'last_four': (string);
  'key'?: (string);
  'requests_count': (number);
  'last_used_at'?: (string);
  'expires_at'?: (string);
  'created_at': (string);
  '_key'?: "key";
  '_last_used_at'?: "last_used_at";
  '_expires_at'?: "expires_at";
}
