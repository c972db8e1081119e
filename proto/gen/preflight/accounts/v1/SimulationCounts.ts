// Original file: accounts.proto

import type { UserSimulationCount as _preflight_accounts_v1_UserSimulationCount, UserSimulationCount__Output as _preflight_accounts_v1_UserSimulationCount__Output } from '../../../preflight/accounts/v1/UserSimulationCount';

export interface SimulationCounts {
  'counts'?: (_preflight_accounts_v1_UserSimulationCount)[];
}

export interface SimulationCounts__Output {
  'counts': (_preflight_accounts_v1_UserSimulationCount__Output)[];
}
