// Original file: accounts.proto

import type { KeyUsage as _preflight_accounts_v1_KeyUsage, KeyUsage__Output as _preflight_accounts_v1_KeyUsage__Output } from '../../../preflight/accounts/v1/KeyUsage';

export interface RecordKeyUsageRequest {
  'usage'?: (_preflight_accounts_v1_KeyUsage)[];
}

export interface RecordKeyUsageRequest__Output {
  'usage': (_preflight_accounts_v1_KeyUsage__Output)[];
}
