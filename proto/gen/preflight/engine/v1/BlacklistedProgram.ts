// Original file: engine.proto


export interface BlacklistedProgram {
  'program_id'?: (string);
  'reason'?: (string);
  'source'?: (string);
}

export interface BlacklistedProgram__Output {
  'program_id': (string);
  'reason': (string);
  'source': (string);
}
