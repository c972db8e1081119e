// Original file: accounts.proto


export interface DeleteUserRequest {
  'user_id'?: (string);
}

export interface DeleteUserRequest__Output {
  'user_id': (string);
}
