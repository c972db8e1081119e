// Original file: accounts.proto


export interface ProgramBlocks {
  'program_ids'?: (string)[];
}

export interface ProgramBlocks__Output {
  'program_ids': (string)[];
}
