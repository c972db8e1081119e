// Original file: accounts.proto


export interface GetUserRequest {
  'user_id'?: (string);
}

export interface GetUserRequest__Output {
  'user_id': (string);
}
