// Original file: engine.proto


export interface GetTipsRequest {
}

export interface GetTipsRequest__Output {
}
