// Original file: accounts.proto


export interface ListSimulationsRequest {
  'user_id'?: (string);
  'limit'?: (number | string);
  'cursor'?: (string);
  'offset'?: (number | string);
  'success'?: (boolean);
  'since_ms'?: (number | string);
  'until_ms'?: (number | string);
  'risk_level'?: (string);
  'signature'?: (string);
  '_cursor'?: "cursor";
  '_offset'?: "offset";
  '_success'?: "success";
  '_since_ms'?: "since_ms";
  '_until_ms'?: "until_ms";
  '_risk_level'?: "risk_level";
  '_signature'?: "signature";
}

export interface ListSimulationsRequest__Output {
  'user_id': (string);
  'limit': (number);
  'cursor'?: (string);
  'offset'?: (number);
  'success'?: (boolean);
  'since_ms'?: (number);
  'until_ms'?: (number);
  'risk_level'?: (string);
  'signature'?: (string);
  '_cursor'?: "cursor";
  '_offset'?: "offset";
  '_success'?: "success";
  '_since_ms'?: "since_ms";
  '_until_ms'?: "until_ms";
  '_risk_level'?: "risk_level";
  '_signature'?: "signature";
}
