// Original file: accounts.proto

import type { TrackedTransaction as _preflight_accounts_v1_TrackedTransaction, TrackedTransaction__Output as _preflight_accounts_v1_TrackedTransaction__Output } from '../../../preflight/accounts/v1/TrackedTransaction';

export interface TrackTransactionRequest {
  'record'?: (_preflight_accounts_v1_TrackedTransaction | null);
  'lease_ms'?: (number | string);
}

export interface TrackTransactionRequest__Output {
  'record': (_preflight_accounts_v1_TrackedTransaction__Output | null);
  'lease_ms': (number);
}
