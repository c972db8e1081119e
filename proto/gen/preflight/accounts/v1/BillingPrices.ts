// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface BillingPrices {
  'simulation_eur'?: (number | string);
  'billable_submit_eur'?: (number | string);
  'free_simulations_per_day'?: (number | string | Long);
  'sol_eur'?: (number | string);
}

export interface BillingPrices__Output {
  'simulation_eur': (number);
  'billable_submit_eur': (number);
  'free_simulations_per_day': (number);
  'sol_eur': (number);
}
