// Original file: accounts.proto


export interface CheckoutSession {
  'checkout_url'?: (string);
  'session_id'?: (string);
}

export interface CheckoutSession__Output {
  'checkout_url': (string);
  'session_id': (string);
}
