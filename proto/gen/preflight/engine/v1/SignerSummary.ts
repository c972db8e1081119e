// Original file: engine.proto


export interface SignerSummary {
  'signer'?: (string);
  'lines'?: (string)[];
}

export interface SignerSummary__Output {
  'signer': (string);
  'lines': (string)[];
}
