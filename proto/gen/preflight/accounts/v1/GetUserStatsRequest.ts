// Original file: accounts.proto


export interface GetUserStatsRequest {
  'user_id'?: (string);
}

export interface GetUserStatsRequest__Output {
  'user_id': (string);
}
