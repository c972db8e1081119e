// Original file: engine.proto


export interface DexProgram {
  'program_id'?: (string);
  'name'?: (string);
}

export interface DexProgram__Output {
  'program_id': (string);
  'name': (string);
}
