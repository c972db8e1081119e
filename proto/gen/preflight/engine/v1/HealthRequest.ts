// Original file: engine.proto


export interface HealthRequest {
}

export interface HealthRequest__Output {
}
