// Original file: accounts.proto

import type { TrackedTransaction as _preflight_accounts_v1_TrackedTransaction, TrackedTransaction__Output as _preflight_accounts_v1_TrackedTransaction__Output } from '../../../preflight/accounts/v1/TrackedTransaction';

export interface ClaimUnresolvedTransactionsResponse {
  'records'?: (_preflight_accounts_v1_TrackedTransaction)[];
}

export interface ClaimUnresolvedTransactionsResponse__Output {
  'records': (_preflight_accounts_v1_TrackedTransaction__Output)[];
}
