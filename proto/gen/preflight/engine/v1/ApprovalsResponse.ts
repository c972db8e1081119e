// Original file: engine.proto

import type { TokenApproval as _preflight_engine_v1_TokenApproval, TokenApproval__Output as _preflight_engine_v1_TokenApproval__Output } from '../../../preflight/engine/v1/TokenApproval';
import type { Long } from '@grpc/proto-loader';

export interface ApprovalsResponse {
  'wallet'?: (string);
  'slot'?: (number | string | Long);
  'approvals'?: (_preflight_engine_v1_TokenApproval)[];
  'revoke_transaction'?: (string);
  'revoke_accounts'?: (string)[];
  'truncated'?: (boolean);
  'token_accounts_scanned'?: (number);
  '_revoke_transaction'?: "revoke_transaction";
}

export interface ApprovalsResponse__Output {
  'wallet': (string);
  'slot': (number);
  'approvals': (_preflight_engine_v1_TokenApproval__Output)[];
  'revoke_transaction'?: (string);
  'revoke_accounts': (string)[];
  'truncated': (boolean);
  'token_accounts_scanned': (number);
  '_revoke_transaction'?: "revoke_transaction";
}
