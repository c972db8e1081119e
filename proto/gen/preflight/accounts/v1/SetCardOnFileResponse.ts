// Original file: accounts.proto


export interface SetCardOnFileResponse {
}

export interface SetCardOnFileResponse__Output {
}
