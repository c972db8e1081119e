// Original file: engine.proto


export interface TokenApproval {
  'token_account'?: (string);
  'mint'?: (string);
  'symbol'?: (string);
  'token_program'?: (string);
  'balance'?: (string);
  'decimals'?: (number);
  'delegate'?: (string);
  'delegated_amount'?: (string);
  'close_authority'?: (string);
  'risk_level'?: (string);
  'reasons'?: (string)[];
  'known_authority'?: (string);
  '_symbol'?: "symbol";
  '_decimals'?: "decimals";
  '_delegate'?: "delegate";
  '_close_authority'?: "close_authority";
  '_known_authority'?: "known_authority";
}

export interface TokenApproval__Output {
  'token_account': (string);
  'mint': (string);
  'symbol'?: (string);
  'token_program': (string);
  'balance': (string);
  'decimals'?: (number);
  'delegate'?: (string);
  'delegated_amount': (string);
  'close_authority'?: (string);
  'risk_level': (string);
  'reasons': (string)[];
  'known_authority'?: (string);
  '_symbol'?: "symbol";
  '_decimals'?: "decimals";
  '_delegate'?: "delegate";
  '_close_authority'?: "close_authority";
  '_known_authority'?: "known_authority";
}
