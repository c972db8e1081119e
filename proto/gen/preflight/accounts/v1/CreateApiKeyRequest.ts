// Original file: accounts.proto

import type { NullableDouble as _preflight_accounts_v1_NullableDouble, NullableDouble__Output as _preflight_accounts_v1_NullableDouble__Output } from '../../../preflight/accounts/v1/NullableDouble';

export interface CreateApiKeyRequest {
  'user_id'?: (string);
  'name'?: (string);
  'expires_at_ms'?: (_preflight_accounts_v1_NullableDouble | null);
}

export interface CreateApiKeyRequest__Output {
  'user_id': (string);
  'name': (string);
  'expires_at_ms': (_preflight_accounts_v1_NullableDouble__Output | null);
}
