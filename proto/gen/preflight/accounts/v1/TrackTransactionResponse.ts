// Original file: accounts.proto

import type { TrackedTransaction as _preflight_accounts_v1_TrackedTransaction, TrackedTransaction__Output as _preflight_accounts_v1_TrackedTransaction__Output } from '../../../preflight/accounts/v1/TrackedTransaction';

export interface TrackTransactionResponse {
  'record'?: (_preflight_accounts_v1_TrackedTransaction | null);
  'created'?: (boolean);
}

export interface TrackTransactionResponse__Output {
  'record': (_preflight_accounts_v1_TrackedTransaction__Output | null);
  'created': (boolean);
}
