// Original file: accounts.proto


export interface HandleStripeWebhookRequest {
  'payload'?: (Buffer | Uint8Array | string);
  'signature_header'?: (string);
}

export interface HandleStripeWebhookRequest__Output {
  'payload': (Buffer);
  'signature_header': (string);
}
