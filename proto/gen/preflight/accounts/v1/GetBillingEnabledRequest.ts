// Original file: accounts.proto


export interface GetBillingEnabledRequest {
}

export interface GetBillingEnabledRequest__Output {
}
