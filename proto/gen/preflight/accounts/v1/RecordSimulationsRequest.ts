// Original file: accounts.proto

import type { SimulationRecord as _preflight_accounts_v1_SimulationRecord, SimulationRecord__Output as _preflight_accounts_v1_SimulationRecord__Output } from '../../../preflight/accounts/v1/SimulationRecord';

export interface RecordSimulationsRequest {
  'records'?: (_preflight_accounts_v1_SimulationRecord)[];
}

export interface RecordSimulationsRequest__Output {
  'records': (_preflight_accounts_v1_SimulationRecord__Output)[];
}
