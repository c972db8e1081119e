// Original file: engine.proto

import type { FeeDetails as _preflight_engine_v1_FeeDetails, FeeDetails__Output as _preflight_engine_v1_FeeDetails__Output } from '../../../preflight/engine/v1/FeeDetails';
import type { PriorityFees as _preflight_engine_v1_PriorityFees, PriorityFees__Output as _preflight_engine_v1_PriorityFees__Output } from '../../../preflight/engine/v1/PriorityFees';
import type { Risk as _preflight_engine_v1_Risk, Risk__Output as _preflight_engine_v1_Risk__Output } from '../../../preflight/engine/v1/Risk';
import type { Recommendation as _preflight_engine_v1_Recommendation, Recommendation__Output as _preflight_engine_v1_Recommendation__Output } from '../../../preflight/engine/v1/Recommendation';
import type { ProgramUsage as _preflight_engine_v1_ProgramUsage, ProgramUsage__Output as _preflight_engine_v1_ProgramUsage__Output } from '../../../preflight/engine/v1/ProgramUsage';
import type { CallNode as _preflight_engine_v1_CallNode, CallNode__Output as _preflight_engine_v1_CallNode__Output } from '../../../preflight/engine/v1/CallNode';
import type { BalanceChange as _preflight_engine_v1_BalanceChange, BalanceChange__Output as _preflight_engine_v1_BalanceChange__Output } from '../../../preflight/engine/v1/BalanceChange';
import type { Slippage as _preflight_engine_v1_Slippage, Slippage__Output as _preflight_engine_v1_Slippage__Output } from '../../../preflight/engine/v1/Slippage';
import type { LandingEstimate as _preflight_engine_v1_LandingEstimate, LandingEstimate__Output as _preflight_engine_v1_LandingEstimate__Output } from '../../../preflight/engine/v1/LandingEstimate';
import type { DecisionReason as _preflight_engine_v1_DecisionReason, DecisionReason__Output as _preflight_engine_v1_DecisionReason__Output } from '../../../preflight/engine/v1/DecisionReason';
import type { Long } from '@grpc/proto-loader';

export interface SimulateResponse {
  'success'?: (boolean);
  'compute_units'?: (number | string | Long);
  'suggested_compute_limit'?: (number | string | Long);
  'fee_estimate_sol'?: (number | string);
  'fee_details'?: (_preflight_engine_v1_FeeDetails | null);
  'priority_fees'?: (_preflight_engine_v1_PriorityFees | null);
  'risk'?: (_preflight_engine_v1_Risk | null);
  'recommendations'?: (_preflight_engine_v1_Recommendation)[];
  'program_breakdown'?: (_preflight_engine_v1_ProgramUsage)[];
  'call_tree'?: (_preflight_engine_v1_CallNode)[];
  'balance_changes'?: (_preflight_engine_v1_BalanceChange)[];
  'failure_reason'?: (string);
  'failure_code'?: (string);
  'is_terminal'?: (boolean);
  'transaction_error_json'?: (string);
  'logs'?: (string)[];
  'latency_ms'?: (number | string);
  'context_slot'?: (number | string | Long);
  'replacement_blockhash'?: (string);
  'decision'?: (string);
  'min_account_slot'?: (number | string | Long);
  'slippage'?: (_preflight_engine_v1_Slippage | null);
  'landing_estimate'?: (_preflight_engine_v1_LandingEstimate | null);
  'timed_out_vectors'?: (string)[];
  'decision_reasons'?: (_preflight_engine_v1_DecisionReason)[];
  'cached'?: (boolean);
  '_compute_units'?: "compute_units";
  '_suggested_compute_limit'?: "suggested_compute_limit";
  '_fee_estimate_sol'?: "fee_estimate_sol";
  '_failure_reason'?: "failure_reason";
  '_failure_code'?: "failure_code";
  '_is_terminal'?: "is_terminal";
  '_transaction_error_json'?: "transaction_error_json";
  '_replacement_blockhash'?: "replacement_blockhash";
  '_min_account_slot'?: "min_account_slot";
}

export interface SimulateResponse__Output {
  'success': (boolean);
  'compute_units'?: (number);
  'suggested_compute_limit'?: (number);
  'fee_estimate_sol'?: (number);
  'fee_details': (_preflight_engine_v1_FeeDetails__Output | null);
  'priority_fees': (_preflight_engine_v1_PriorityFees__Output | null);
  'risk': (_preflight_engine_v1_Risk__Output | null);
  'recommendations': (_preflight_engine_v1_Recommendation__Output)[];
  'program_breakdown': (_preflight_engine_v1_ProgramUsage__Output)[];
  'call_tree': (_preflight_engine_v1_CallNode__Output)[];
  'balance_changes': (_preflight_engine_v1_BalanceChange__Output)[];
  'failure_reason'?: (string);
  'failure_code'?: (string);
  'is_terminal'?: (boolean);
  'transaction_error_json'?: (string);
  'logs': (string)[];
  'latency_ms': (number);
  'context_slot': (number);
  'replacement_blockhash'?: (string);
  'decision': (string);
  'min_account_slot'?: (number);
  'slippage': (_preflight_engine_v1_Slippage__Output | null);
  'landing_estimate': (_preflight_engine_v1_LandingEstimate__Output | null);
  'timed_out_vectors': (string)[];
  'decision_reasons': (_preflight_engine_v1_DecisionReason__Output)[];
  'cached': (boolean);
  '_compute_units'?: "compute_units";
  '_suggested_compute_limit'?: "suggested_compute_limit";
  '_fee_estimate_sol'?: "fee_estimate_sol";
  '_failure_reason'?: "failure_reason";
  '_failure_code'?: "failure_code";
  '_is_terminal'?: "is_terminal";
  '_transaction_error_json'?: "transaction_error_json";
  '_replacement_blockhash'?: "replacement_blockhash";
  '_min_account_slot'?: "min_account_slot";
}
