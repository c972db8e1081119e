// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface Extractable {
  'amount'?: (string);
  'mint'?: (string);
  'lamports'?: (number | string | Long);
  'bps'?: (number);
  'front_run_amount'?: (string);
  'limited_by'?: (string);
  'attacker_profit'?: (string);
  'attacker_fee_lamports'?: (number | string | Long);
  'attacker_profit_lamports'?: (number | string | Long);
  'quote'?: (string);
  'sandwiched'?: (string);
  'instruction_index'?: (number);
  '_lamports'?: "lamports";
  '_attacker_profit_lamports'?: "attacker_profit_lamports";
}

export interface Extractable__Output {
  'amount': (string);
  'mint': (string);
  'lamports'?: (number);
  'bps': (number);
  'front_run_amount': (string);
  'limited_by': (string);
  'attacker_profit': (string);
  'attacker_fee_lamports': (number);
  'attacker_profit_lamports'?: (number);
  'quote': (string);
  'sandwiched': (string);
  'instruction_index': (number);
  '_lamports'?: "lamports";
  '_attacker_profit_lamports'?: "attacker_profit_lamports";
}
