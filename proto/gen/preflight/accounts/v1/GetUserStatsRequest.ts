// Original file: accounts.proto


export interface GetUserStatsRequest {
  'user_id'?: (string);
  'days'?: (number);
  '_days'?: "days";
}

export interface GetUserStatsRequest__Output {
  'user_id': (string);
  'days'?: (number);
  '_days'?: "days";
}
