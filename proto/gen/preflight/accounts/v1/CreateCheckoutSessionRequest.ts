// Original file: accounts.proto


export interface CreateCheckoutSessionRequest {
  'user_id'?: (string);
  'success_url'?: (string);
  'cancel_url'?: (string);
  '_success_url'?: "success_url";
  '_cancel_url'?: "cancel_url";
}

export interface CreateCheckoutSessionRequest__Output {
  'user_id': (string);
  'success_url'?: (string);
  'cancel_url'?: (string);
  '_success_url'?: "success_url";
  '_cancel_url'?: "cancel_url";
}
