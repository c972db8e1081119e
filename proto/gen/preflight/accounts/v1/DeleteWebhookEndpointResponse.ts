// Original file: accounts.proto


export interface DeleteWebhookEndpointResponse {
}

export interface DeleteWebhookEndpointResponse__Output {
}
