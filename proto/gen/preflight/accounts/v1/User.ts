// Original file: accounts.proto


export interface User {
  'id'?: (string);
  'email'?: (string);
  'name'?: (string);
  'role'?: (string);
  'email_verified'?: (boolean);
  'timezone'?: (string);
  'created_at'?: (string);
  '_name'?: "name";
  '_timezone'?: "timezone";
}

export interface User__Output {
  'id': (string);
  'email': (string);
  'name'?: (string);
  'role': (string);
  'email_verified': (boolean);
  'timezone'?: (string);
  'created_at': (string);
  '_name'?: "name";
  '_timezone'?: "timezone";
}
