// Original file: accounts.proto

import type { FailureReasonCount as _preflight_accounts_v1_FailureReasonCount, FailureReasonCount__Output as _preflight_accounts_v1_FailureReasonCount__Output } from '../../../preflight/accounts/v1/FailureReasonCount';
import type { RiskLevelCount as _preflight_accounts_v1_RiskLevelCount, RiskLevelCount__Output as _preflight_accounts_v1_RiskLevelCount__Output } from '../../../preflight/accounts/v1/RiskLevelCount';
import type { DailyStats as _preflight_accounts_v1_DailyStats, DailyStats__Output as _preflight_accounts_v1_DailyStats__Output } from '../../../preflight/accounts/v1/DailyStats';
import type { Long } from '@grpc/proto-loader';

export interface UserStats {
  'total_simulations'?: (number | string | Long);
  'success_count'?: (number | string | Long);
  'fail_count'?: (number | string | Long);
  'success_rate'?: (number | string);
  'avg_latency_ms'?: (number | string);
  'avg_mev_score'?: (number | string);
  'mev_distribution'?: ({[key: string]: number | string | Long});
  'top_failure_reasons'?: (_preflight_accounts_v1_FailureReasonCount)[];
  'risk_distribution'?: (_preflight_accounts_v1_RiskLevelCount)[];
  'simulations_today'?: (number | string | Long);
  'simulations_7d'?: (number | string | Long);
  'daily'?: (_preflight_accounts_v1_DailyStats)[];
}

export interface UserStats__Output {
  'total_simulations': (number);
  'success_count': (number);
  'fail_count': (number);
  'success_rate': (number);
  'avg_latency_ms': (number);
  'avg_mev_score': (number);
  'mev_distribution': ({[key: string]: number});
  'top_failure_reasons': (_preflight_accounts_v1_FailureReasonCount__Output)[];
  'risk_distribution': (_preflight_accounts_v1_RiskLevelCount__Output)[];
  'simulations_today': (number);
  'simulations_7d': (number);
  'daily': (_preflight_accounts_v1_DailyStats__Output)[];
}
