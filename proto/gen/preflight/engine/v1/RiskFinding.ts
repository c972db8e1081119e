// Original file: engine.proto


export interface RiskFinding {
  'code'?: (string);
  'severity'?: (string);
  'message'?: (string);
  'instruction_index'?: (number);
  'accounts'?: (string)[];
  '_instruction_index'?: "instruction_index";
}

export interface RiskFinding__Output {
  'code': (string);
  'severity': (string);
  'message': (string);
  'instruction_index'?: (number);
  'accounts': (string)[];
  '_instruction_index'?: "instruction_index";
}
