// Original file: accounts.proto

import type { TrackedTransactionPatch as _preflight_accounts_v1_TrackedTransactionPatch, TrackedTransactionPatch__Output as _preflight_accounts_v1_TrackedTransactionPatch__Output } from '../../../preflight/accounts/v1/TrackedTransactionPatch';

export interface UpdateTrackedTransactionRequest {
  'user_id'?: (string);
  'signature'?: (string);
  'patch'?: (_preflight_accounts_v1_TrackedTransactionPatch | null);
  'lease_ms'?: (number | string);
}

export interface UpdateTrackedTransactionRequest__Output {
  'user_id': (string);
  'signature': (string);
  'patch': (_preflight_accounts_v1_TrackedTransactionPatch__Output | null);
  'lease_ms': (number);
}
