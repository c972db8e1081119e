// Original file: accounts.proto

import type { ApiKeyPrincipal as _preflight_accounts_v1_ApiKeyPrincipal, ApiKeyPrincipal__Output as _preflight_accounts_v1_ApiKeyPrincipal__Output } from '../../../preflight/accounts/v1/ApiKeyPrincipal';

export interface AuthenticateApiKeyResponse {
  'principal'?: (_preflight_accounts_v1_ApiKeyPrincipal | null);
}

export interface AuthenticateApiKeyResponse__Output {
  'principal': (_preflight_accounts_v1_ApiKeyPrincipal__Output | null);
}
