// Original file: accounts.proto


export interface GetSimulationCountsRequest {
  'since_ms'?: (number | string);
}

export interface GetSimulationCountsRequest__Output {
  'since_ms': (number);
}
