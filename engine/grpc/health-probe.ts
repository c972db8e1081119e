/**
 * A client of the standard gRPC health service (grpc.health.v1.Health/Check): what a container
 * health check runs against the engine's port where no `grpc` probe exists (compose, Docker's
 * HEALTHCHECK). The status answered (SERVING, NOT_SERVING), or UNREACHABLE when the port did not
 * answer within `timeoutMs`.
 */
import { credentials, makeClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js'
import { service as healthService } from 'grpc-health-check'

type HealthClient = Client & {
  Check(
    request: { service: string },
    options: { deadline: number },
    callback: (error: ServiceError | null, answer?: { status: string }) => void,
  ): void
}

const HealthClientConstructor = makeClientConstructor(healthService, 'grpc.health.v1.Health')

/** Asks `address` (host:port) how the whole server stands. */
export function checkGrpcHealth(address: string, timeoutMs: number): Promise<string> {
  const client = new HealthClientConstructor(address, credentials.createInsecure()) as unknown as HealthClient
  return new Promise<string>((resolve) => {
    client.Check({ service: '' }, { deadline: Date.now() + timeoutMs }, (error, answer) => {
      client.close()
      resolve(error ? 'UNREACHABLE' : (answer?.status ?? 'UNKNOWN'))
    })
  })
}
