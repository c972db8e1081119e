// Original file: accounts.proto


export interface DeleteUserResponse {
}

export interface DeleteUserResponse__Output {
}
