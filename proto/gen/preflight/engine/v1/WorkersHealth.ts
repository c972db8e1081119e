// Original file: engine.proto


export interface WorkersHealth {
  'configured'?: (number);
  'ready'?: (number);
}

export interface WorkersHealth__Output {
  'configured': (number);
  'ready': (number);
}
