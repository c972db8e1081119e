// Original file: engine.proto


export interface Recommendation {
  'code'?: (string);
  'message'?: (string);
}

export interface Recommendation__Output {
  'code': (string);
  'message': (string);
}
