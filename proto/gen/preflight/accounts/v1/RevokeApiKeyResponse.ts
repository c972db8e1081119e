// Original file: accounts.proto


export interface RevokeApiKeyResponse {
}

export interface RevokeApiKeyResponse__Output {
}
