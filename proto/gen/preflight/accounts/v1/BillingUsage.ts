// Original file: accounts.proto

import type { BillingSimulationUsage as _preflight_accounts_v1_BillingSimulationUsage, BillingSimulationUsage__Output as _preflight_accounts_v1_BillingSimulationUsage__Output } from '../../../preflight/accounts/v1/BillingSimulationUsage';
import type { BillingSubmitUsage as _preflight_accounts_v1_BillingSubmitUsage, BillingSubmitUsage__Output as _preflight_accounts_v1_BillingSubmitUsage__Output } from '../../../preflight/accounts/v1/BillingSubmitUsage';
import type { BillingTipUsage as _preflight_accounts_v1_BillingTipUsage, BillingTipUsage__Output as _preflight_accounts_v1_BillingTipUsage__Output } from '../../../preflight/accounts/v1/BillingTipUsage';
import type { BillingPrices as _preflight_accounts_v1_BillingPrices, BillingPrices__Output as _preflight_accounts_v1_BillingPrices__Output } from '../../../preflight/accounts/v1/BillingPrices';
import type { Long } from '@grpc/proto-loader';

export interface BillingUsage {
  'period_start'?: (string);
  'period_end'?: (string);
  'currency'?: (string);
  'simulations'?: (_preflight_accounts_v1_BillingSimulationUsage | null);
  'executes'?: (number | string | Long);
  'sends'?: (number | string | Long);
  'submits'?: (_preflight_accounts_v1_BillingSubmitUsage | null);
  'tips'?: (_preflight_accounts_v1_BillingTipUsage | null);
  'amount_due_eur'?: (number | string);
  'prices'?: (_preflight_accounts_v1_BillingPrices | null);
}

export interface BillingUsage__Output {
  'period_start': (string);
  'period_end': (string);
  'currency': (string);
  'simulations': (_preflight_accounts_v1_BillingSimulationUsage__Output | null);
  'executes': (number);
  'sends': (number);
  'submits': (_preflight_accounts_v1_BillingSubmitUsage__Output | null);
  'tips': (_preflight_accounts_v1_BillingTipUsage__Output | null);
  'amount_due_eur': (number);
  'prices': (_preflight_accounts_v1_BillingPrices__Output | null);
}
