// Original file: accounts.proto

import type { BillingPlan as _preflight_accounts_v1_BillingPlan, BillingPlan__Output as _preflight_accounts_v1_BillingPlan__Output } from '../../../preflight/accounts/v1/BillingPlan';

export interface BillingSubscription {
  'status'?: (string);
  'subscription_id'?: (string);
  'plan'?: (_preflight_accounts_v1_BillingPlan | null);
  'current_period_start'?: (string);
  'current_period_end'?: (string);
  'cancel_at_period_end'?: (boolean);
  'card_on_file'?: (boolean);
  '_subscription_id'?: "subscription_id";
  '_current_period_start'?: "current_period_start";
  '_current_period_end'?: "current_period_end";
}

export interface BillingSubscription__Output {
  'status': (string);
  'subscription_id'?: (string);
  'plan': (_preflight_accounts_v1_BillingPlan__Output | null);
  'current_period_start'?: (string);
  'current_period_end'?: (string);
  'cancel_at_period_end': (boolean);
  'card_on_file': (boolean);
  '_subscription_id'?: "subscription_id";
  '_current_period_start'?: "current_period_start";
  '_current_period_end'?: "current_period_end";
}
