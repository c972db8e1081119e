// Original file: accounts.proto

import type { ApiKey as _preflight_accounts_v1_ApiKey, ApiKey__Output as _preflight_accounts_v1_ApiKey__Output } from '../../../preflight/accounts/v1/ApiKey';

export interface ListApiKeysResponse {
  'api_keys'?: (_preflight_accounts_v1_ApiKey)[];
}

export interface ListApiKeysResponse__Output {
  'api_keys': (_preflight_accounts_v1_ApiKey__Output)[];
}
