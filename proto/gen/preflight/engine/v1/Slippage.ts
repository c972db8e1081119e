// Original file: engine.proto


export interface Slippage {
  'bps'?: (number);
  'route'?: (string);
  'venue'?: (string);
  'mode'?: (string);
  'input_mint'?: (string);
  'output_mint'?: (string);
  'input_amount'?: (string);
  'output_amount'?: (string);
  'expected_amount'?: (string);
  'expected_source'?: (string);
  'hops'?: (number);
  '_bps'?: "bps";
  '_input_mint'?: "input_mint";
  '_output_mint'?: "output_mint";
  '_input_amount'?: "input_amount";
  '_output_amount'?: "output_amount";
  '_expected_amount'?: "expected_amount";
  '_expected_source'?: "expected_source";
}

export interface Slippage__Output {
  'bps'?: (number);
  'route': (string);
  'venue': (string);
  'mode': (string);
  'input_mint'?: (string);
  'output_mint'?: (string);
  'input_amount'?: (string);
  'output_amount'?: (string);
  'expected_amount'?: (string);
  'expected_source'?: (string);
  'hops': (number);
  '_bps'?: "bps";
  '_input_mint'?: "input_mint";
  '_output_mint'?: "output_mint";
  '_input_amount'?: "input_amount";
  '_output_amount'?: "output_amount";
  '_expected_amount'?: "expected_amount";
  '_expected_source'?: "expected_source";
}
