// Original file: accounts.proto


export interface UserState {
  'user_id'?: (string);
  'role'?: (string);
  'active'?: (boolean);
  'has_card'?: (boolean);
}

export interface UserState__Output {
  'user_id': (string);
  'role': (string);
  'active': (boolean);
  'has_card': (boolean);
}
