// Original file: accounts.proto


export interface GetUserStateRequest {
  'user_id'?: (string);
}

export interface GetUserStateRequest__Output {
  'user_id': (string);
}
