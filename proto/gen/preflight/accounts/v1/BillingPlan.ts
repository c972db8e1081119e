// Original file: accounts.proto


export interface BillingPlan {
  'model'?: (string);
  'price_id'?: (string);
  '_price_id'?: "price_id";
}

export interface BillingPlan__Output {
  'model': (string);
  'price_id'?: (string);
  '_price_id'?: "price_id";
}
