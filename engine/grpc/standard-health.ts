/**
 * The standard gRPC health service (grpc.health.v1.Health) on the engine's port: what load
 * balancers and Kubernetes' `grpc` readiness probe ask, and nothing else. `Check` answers SERVING
 * while the engine is ready (its view of the chain is current: `Engine.isReady`), NOT_SERVING
 * otherwise, for the empty service name and for preflight.engine.v1.Engine; any other name is
 * NOT_FOUND. (A draining port refuses new calls altogether, which a probe reads as not ready.) Like the engine's own Health it takes no
 * credential (a probe cannot send one) and tells nothing but that status. `Watch` is not served
 * (UNIMPLEMENTED): a stream held open would hold up the port's close.
 */
import {
  status,
  type sendUnaryData,
  type Server,
  type ServerUnaryCall,
  type ServerWritableStream,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js'
import { service as healthService } from 'grpc-health-check'

const ENGINE_SERVICE_NAME = 'preflight.engine.v1.Engine'

/** Adds grpc.health.v1.Health to `server`, answering from `isReady` on each Check. */
export function addStandardHealth(server: Server, isReady: () => boolean): void {
  const handlers: UntypedServiceImplementation = {
    Check(call: ServerUnaryCall<{ service?: string }, { status: string }>, callback: sendUnaryData<{ status: string }>) {
      const name = call.request.service ?? ''
      if (name !== '' && name !== ENGINE_SERVICE_NAME) {
        callback({ code: status.NOT_FOUND, details: `unknown service ${name}` })
        return
      }
      callback(null, { status: isReady() ? 'SERVING' : 'NOT_SERVING' })
    },
    Watch(call: ServerWritableStream<{ service?: string }, { status: string }>) {
      call.emit('error', { code: status.UNIMPLEMENTED, details: 'Watch is not served; ask Check' })
    },
  }
  server.addService(healthService, handlers)
}
