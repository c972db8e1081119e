export {
  createGrpcClient,
  type PreflightGrpcClient,
  type GrpcClientOptions,
  type GrpcCallOptions,
  type GrpcSimulateOptions,
  type GrpcWatch,
  type GrpcMessage,
} from './grpc-client.js'
export { fromGrpcError } from './grpc-error.js'
