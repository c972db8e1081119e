// Original file: accounts.proto


export interface RecordSimulationsResponse {
}

export interface RecordSimulationsResponse__Output {
}
