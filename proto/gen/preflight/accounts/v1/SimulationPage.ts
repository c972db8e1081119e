// Original file: accounts.proto

import type { SimulationHistoryItem as _preflight_accounts_v1_SimulationHistoryItem, SimulationHistoryItem__Output as _preflight_accounts_v1_SimulationHistoryItem__Output } from '../../../preflight/accounts/v1/SimulationHistoryItem';

export interface SimulationPage {
  'simulations'?: (_preflight_accounts_v1_SimulationHistoryItem)[];
  'next_cursor'?: (string);
  '_next_cursor'?: "next_cursor";
}

export interface SimulationPage__Output {
  'simulations': (_preflight_accounts_v1_SimulationHistoryItem__Output)[];
  'next_cursor'?: (string);
  '_next_cursor'?: "next_cursor";
}
