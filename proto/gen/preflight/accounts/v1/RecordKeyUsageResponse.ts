// Original file: accounts.proto


export interface RecordKeyUsageResponse {
}

export interface RecordKeyUsageResponse__Output {
}
