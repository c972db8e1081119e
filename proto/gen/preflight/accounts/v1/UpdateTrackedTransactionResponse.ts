// Original file: accounts.proto


export interface UpdateTrackedTransactionResponse {
}

export interface UpdateTrackedTransactionResponse__Output {
}
