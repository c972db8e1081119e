// Original file: accounts.proto


export interface BillingEnabled {
  'enabled'?: (boolean);
}

export interface BillingEnabled__Output {
  'enabled': (boolean);
}
