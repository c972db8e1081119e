// Original file: engine.proto


export interface BalanceChange {
  'account'?: (string);
  'mint'?: (string);
  'owner'?: (string);
  'decimals'?: (number);
  'pre'?: (string);
  'post'?: (string);
  'delta'?: (string);
  '_mint'?: "mint";
  '_owner'?: "owner";
  '_decimals'?: "decimals";
}

export interface BalanceChange__Output {
  'account': (string);
  'mint'?: (string);
  'owner'?: (string);
  'decimals'?: (number);
  'pre': (string);
  'post': (string);
  'delta': (string);
  '_mint'?: "mint";
  '_owner'?: "owner";
  '_decimals'?: "decimals";
}
