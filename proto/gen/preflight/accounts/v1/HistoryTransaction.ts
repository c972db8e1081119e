// Original file: accounts.proto


export interface HistoryTransaction {
  'status'?: (string);
  'route'?: (string);
  'landed_slot'?: (number | string);
  'matched'?: (boolean);
  'strategy'?: (string);
  'billable'?: (boolean);
  'bundle_id'?: (string);
  'tip_lamports'?: (string);
  '_landed_slot'?: "landed_slot";
  '_matched'?: "matched";
  '_strategy'?: "strategy";
  '_billable'?: "billable";
  '_bundle_id'?: "bundle_id";
  '_tip_lamports'?: "tip_lamports";
}

export interface HistoryTransaction__Output {
  'status': (string);
  'route': (string);
  'landed_slot'?: (number);
  'matched'?: (boolean);
  'strategy'?: (string);
  'billable'?: (boolean);
  'bundle_id'?: (string);
  'tip_lamports'?: (string);
  '_landed_slot'?: "landed_slot";
  '_matched'?: "matched";
  '_strategy'?: "strategy";
  '_billable'?: "billable";
  '_bundle_id'?: "bundle_id";
  '_tip_lamports'?: "tip_lamports";
}
