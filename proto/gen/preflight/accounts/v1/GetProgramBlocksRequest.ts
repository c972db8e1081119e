// Original file: accounts.proto


export interface GetProgramBlocksRequest {
  'user_id'?: (string);
}

export interface GetProgramBlocksRequest__Output {
  'user_id': (string);
}
