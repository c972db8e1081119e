// Original file: accounts.proto


export interface HistoryTransaction {
  'status'?: (string);
  'route'?: (string);
  'landed_slot'?: (number | string);
  'matched'?: (boolean);
  '_landed_slot'?: "landed_slot";
  '_matched'?: "matched";
}

export interface HistoryTransaction__Output {
  'status': (string);
  'route': (string);
  'landed_slot'?: (number);
  'matched'?: (boolean);
  '_landed_slot'?: "landed_slot";
  '_matched'?: "matched";
}
