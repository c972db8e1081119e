// Original file: accounts.proto


export interface LogoutResponse {
}

export interface LogoutResponse__Output {
}
