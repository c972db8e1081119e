// Original file: accounts.proto


export interface RecordQuotaExceededResponse {
}

export interface RecordQuotaExceededResponse__Output {
}
