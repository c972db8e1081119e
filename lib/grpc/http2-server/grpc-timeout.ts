/** The `grpc-timeout` request header (gRPC over HTTP/2): up to 8 digits and a unit. */
import { status as GrpcStatus } from '@grpc/grpc-js'
import { GrpcStatusError } from './grpc-call-status.js'

const TIMEOUT = /^(\d{1,8})([HMSmun])$/
const UNIT_MS: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1_000, m: 1, u: 0.001, n: 0.000_001 }

/** The milliseconds `value` allows (undefined: no deadline); throws INTERNAL for a malformed one, as grpc-js does. */
export function getTimeoutMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const match = TIMEOUT.exec(value)
  if (!match) throw new GrpcStatusError(GrpcStatus.INTERNAL, `Invalid grpc-timeout value "${value}"`)
  return Math.floor(Number(match[1]) * (UNIT_MS[match[2] as string] as number))
}
