// Original file: accounts.proto


export interface SetProgramBlocksRequest {
  'user_id'?: (string);
  'program_ids'?: (string)[];
}

export interface SetProgramBlocksRequest__Output {
  'user_id': (string);
  'program_ids': (string)[];
}
