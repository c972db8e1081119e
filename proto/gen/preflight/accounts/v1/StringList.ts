// Original file: accounts.proto


export interface StringList {
  'values'?: (string)[];
}

export interface StringList__Output {
  'values': (string)[];
}
