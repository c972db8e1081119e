// Original file: engine.proto


export interface BundleLintEntry {
  'rule'?: (string);
  'ok'?: (boolean);
  'detail'?: (string);
}

export interface BundleLintEntry__Output {
  'rule': (string);
  'ok': (boolean);
  'detail': (string);
}
