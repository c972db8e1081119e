// Original file: engine.proto


export interface OutcomeDifference {
  'field'?: (string);
  'account'?: (string);
  'mint'?: (string);
  'predicted'?: (string);
  'actual'?: (string);
  '_account'?: "account";
  '_mint'?: "mint";
}

export interface OutcomeDifference__Output {
  'field': (string);
  'account'?: (string);
  'mint'?: (string);
  'predicted': (string);
  'actual': (string);
  '_account'?: "account";
  '_mint'?: "mint";
}
