// Original file: engine.proto


export interface DecisionReason {
  'rule'?: (string);
  'message'?: (string);
}

export interface DecisionReason__Output {
  'rule': (string);
  'message': (string);
}
