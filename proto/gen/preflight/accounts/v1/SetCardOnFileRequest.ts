// Original file: accounts.proto


export interface SetCardOnFileRequest {
  'user_id'?: (string);
  'has_card'?: (boolean);
}

export interface SetCardOnFileRequest__Output {
  'user_id': (string);
  'has_card': (boolean);
}
