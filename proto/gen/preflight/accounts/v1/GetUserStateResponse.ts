// Original file: accounts.proto

import type { UserState as _preflight_accounts_v1_UserState, UserState__Output as _preflight_accounts_v1_UserState__Output } from '../../../preflight/accounts/v1/UserState';

export interface GetUserStateResponse {
  'state'?: (_preflight_accounts_v1_UserState | null);
}

export interface GetUserStateResponse__Output {
  'state': (_preflight_accounts_v1_UserState__Output | null);
}
