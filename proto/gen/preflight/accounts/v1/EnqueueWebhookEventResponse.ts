// Original file: accounts.proto


export interface EnqueueWebhookEventResponse {
}

export interface EnqueueWebhookEventResponse__Output {
}
