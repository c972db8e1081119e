/** Names for the generated OpenAPI types: the request and answer of each operation the SDK calls. */
import type { components, paths } from './generated/openapi.js'

export type Schemas = components['schemas']
type Method = 'get' | 'post' | 'put' | 'delete'
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never

/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never
/** The JSON body an operation answers with 200. */
export type ResponseBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 200: infer Answer } } ? JsonOf<Answer> : never
/** The query parameters of an operation. */
export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never

export type SimulateRequest = RequestBody<'/api/v1/solana/tx/simulate', 'post'>
export type SimulateOptions = Omit<SimulateRequest, 'transaction'>
export type SimulateResponse = Schemas['SimulateResponse']
export type SimulateBatchOptions = Omit<RequestBody<'/api/v1/solana/tx/simulate-batch', 'post'>, 'transactions'>
export type BatchResponse = Schemas['BatchResponse']
export type Policy = Schemas['Policy']
export type ExecuteRequest = RequestBody<'/api/v1/solana/tx/execute', 'post'>
export type ExecuteResponse = Schemas['ExecuteResponse']
export type SendRequest = RequestBody<'/api/v1/solana/tx/send', 'post'>
export type SendOptions = Omit<SendRequest, 'transaction'>
export type SendResponse = Schemas['SendResponse']
export type SubmitRequest = RequestBody<'/api/v1/solana/tx/submit', 'post'>
export type SubmitOptions = Omit<SubmitRequest, 'transaction'>
export type SubmitResponse = Schemas['SubmitResponse']
export type TipFloor = Schemas['TipFloor']
export type TrackedTransaction = Schemas['TrackedTransaction']
export type HistoryQuery = QueryOf<'/api/v1/solana/simulations', 'get'>
export type HistoryPage = Schemas['SimulationListResponse']
export type HistoryRecord = HistoryPage['simulations'][number]
export type UserStats = Schemas['UserStats']
export type DailyStats = Schemas['DailyStats']
export type StatsQuery = QueryOf<'/api/v1/solana/simulations/stats', 'get'>
export type ProgramBlocks = Schemas['ProgramBlocks']
export type AuthTokens = Schemas['AuthResponse']
export type User = Schemas['User']
export type ApiKey = Schemas['ApiKey']
export type IssuedApiKey = Schemas['IssuedApiKey']
export type CreateApiKeyRequest = RequestBody<'/api/v1/api-keys', 'post'>
export type WebhookEndpoint = Schemas['WebhookEndpoint']
export type IssuedWebhookEndpoint = Schemas['IssuedWebhookEndpoint']
export type CreateWebhookRequest = RequestBody<'/api/v1/webhooks', 'post'>
export type WebhookDelivery = Schemas['WebhookDelivery']
export type ApprovalsResponse = Schemas['ApprovalsResponse']
export type BillingUsage = Schemas['BillingUsage']
export type BillingSubscription = Schemas['BillingSubscription']
export type CheckoutRequest = RequestBody<'/api/v1/billing/checkout', 'post'>
export type CheckoutResponse = ResponseBody<'/api/v1/billing/checkout', 'post'>
export type PortalResponse = ResponseBody<'/api/v1/billing/portal', 'post'>
export type PlansResponse = Schemas['PlansResponse']
export type ServiceStatus = Schemas['ServiceStatus']
export type Health = Schemas['Health']
export type ErrorEnvelope = Schemas['Error']
