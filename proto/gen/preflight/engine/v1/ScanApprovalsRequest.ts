// Original file: engine.proto


export interface ScanApprovalsRequest {
  'wallet'?: (string);
}

export interface ScanApprovalsRequest__Output {
  'wallet': (string);
}
