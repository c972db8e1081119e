/** API keys (bearer token only): list, create, revoke, rotate. The cleartext key is in create's and rotate's answer only. */
import type { ApiKey, CreateApiKeyRequest, IssuedApiKey } from '../api-types.js'
import type { HttpClient, RequestOptions } from '../http/http-client.js'

export interface ApiKeysResource {
  list(options?: RequestOptions): Promise<ApiKey[]>
  create(request: CreateApiKeyRequest, options?: RequestOptions): Promise<IssuedApiKey>
  revoke(id: string, options?: RequestOptions): Promise<{ id: string; revoked: true }>
  /** A new secret for the same id; the old one works 24 h more. */
  rotate(id: string, options?: RequestOptions): Promise<IssuedApiKey>
}

export function createApiKeysResource(http: HttpClient): ApiKeysResource {
  const path = (id: string) => `/api/v1/api-keys/${encodeURIComponent(id)}`
  return {
    list: async (options) =>
      (await http.request<{ keys: ApiKey[] }>({ method: 'GET', path: '/api/v1/api-keys', auth: 'bearer', idempotent: true, ...options }))
        .keys,
    create: (request, options) =>
      http.request({ method: 'POST', path: '/api/v1/api-keys', auth: 'bearer', idempotent: false, body: request, ...options }),
    revoke: (id, options) => http.request({ method: 'DELETE', path: path(id), auth: 'bearer', idempotent: false, ...options }),
    rotate: (id, options) => http.request({ method: 'POST', path: `${path(id)}/rotate`, auth: 'bearer', idempotent: false, ...options }),
  }
}
