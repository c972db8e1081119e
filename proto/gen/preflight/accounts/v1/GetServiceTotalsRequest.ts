// Original file: accounts.proto


export interface GetServiceTotalsRequest {
}

export interface GetServiceTotalsRequest__Output {
}
