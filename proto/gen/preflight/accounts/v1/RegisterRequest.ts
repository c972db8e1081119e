// Original file: accounts.proto


export interface RegisterRequest {
  'email'?: (string);
  'password'?: (string);
}

export interface RegisterRequest__Output {
  'email': (string);
  'password': (string);
}
