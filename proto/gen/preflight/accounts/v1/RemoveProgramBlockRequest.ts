// Original file: accounts.proto


export interface RemoveProgramBlockRequest {
  'user_id'?: (string);
  'program_id'?: (string);
}

export interface RemoveProgramBlockRequest__Output {
  'user_id': (string);
  'program_id': (string);
}
