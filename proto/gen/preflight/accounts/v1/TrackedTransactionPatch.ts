// Original file: accounts.proto

import type { StringList as _preflight_accounts_v1_StringList, StringList__Output as _preflight_accounts_v1_StringList__Output } from '../../../preflight/accounts/v1/StringList';
import type { NullableDouble as _preflight_accounts_v1_NullableDouble, NullableDouble__Output as _preflight_accounts_v1_NullableDouble__Output } from '../../../preflight/accounts/v1/NullableDouble';
import type { NullableString as _preflight_accounts_v1_NullableString, NullableString__Output as _preflight_accounts_v1_NullableString__Output } from '../../../preflight/accounts/v1/NullableString';

export interface TrackedTransactionPatch {
  'status'?: (string);
  'attempts'?: (number | string);
  'endpoints'?: (_preflight_accounts_v1_StringList | null);
  'landed_slot'?: (_preflight_accounts_v1_NullableDouble | null);
  'transaction_error_json'?: (string);
  'outcome_json'?: (string);
  'last_valid_block_height'?: (_preflight_accounts_v1_NullableDouble | null);
  'drop_reason'?: (_preflight_accounts_v1_NullableString | null);
  'route'?: (string);
  'relay_bundle_id'?: (_preflight_accounts_v1_NullableString | null);
  'tip_lamports'?: (_preflight_accounts_v1_NullableString | null);
  '_status'?: "status";
  '_attempts'?: "attempts";
  '_transaction_error_json'?: "transaction_error_json";
  '_outcome_json'?: "outcome_json";
  '_route'?: "route";
}

export interface TrackedTransactionPatch__Output {
  'status'?: (string);
  'attempts'?: (number);
  'endpoints': (_preflight_accounts_v1_StringList__Output | null);
  'landed_slot': (_preflight_accounts_v1_NullableDouble__Output | null);
  'transaction_error_json'?: (string);
  'outcome_json'?: (string);
  'last_valid_block_height': (_preflight_accounts_v1_NullableDouble__Output | null);
  'drop_reason': (_preflight_accounts_v1_NullableString__Output | null);
  'route'?: (string);
  'relay_bundle_id': (_preflight_accounts_v1_NullableString__Output | null);
  'tip_lamports': (_preflight_accounts_v1_NullableString__Output | null);
  '_status'?: "status";
  '_attempts'?: "attempts";
  '_transaction_error_json'?: "transaction_error_json";
  '_outcome_json'?: "outcome_json";
  '_route'?: "route";
}
