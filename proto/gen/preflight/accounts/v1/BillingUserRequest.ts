// Original file: accounts.proto


export interface BillingUserRequest {
  'user_id'?: (string);
}

export interface BillingUserRequest__Output {
  'user_id': (string);
}
