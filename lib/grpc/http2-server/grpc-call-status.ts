/**
 * A gRPC call's final status and how it travels: `grpc-status`, `grpc-message` (percent-encoded as
 * grpc-js encodes it) and the trailing metadata, either after the response or alone (trailers-only).
 */
import { constants as http2, type OutgoingHttpHeaders } from 'node:http2'
import { type Metadata, status as GrpcStatus } from '@grpc/grpc-js'

export interface GrpcCallStatus {
  code: GrpcStatus
  details: string
  metadata?: Metadata | null | undefined
}

/** The headers every response starts with (grpc-js's, so a client sees no difference). */
export const RESPONSE_HEADERS: Readonly<OutgoingHttpHeaders> = Object.freeze({
  [http2.HTTP2_HEADER_STATUS]: http2.HTTP_STATUS_OK,
  [http2.HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc+proto',
})

/** What a request may be compressed with here (gRPC's `grpc-accept-encoding`). */
export const ACCEPTED_ENCODINGS = 'identity,deflate,gzip'

/** An error carrying the status to answer with (thrown by the decoder, the deadline parser, …). */
export class GrpcStatusError extends Error {
  constructor(
    readonly code: GrpcStatus,
    readonly details: string,
  ) {
    super(details)
    this.name = 'GrpcStatusError'
  }
}

/** The trailers of `status` (with `:status` and content-type too when they are the whole response). */
export function toStatusTrailers(status: GrpcCallStatus, trailersOnly: boolean): OutgoingHttpHeaders {
  return {
    ...(trailersOnly ? RESPONSE_HEADERS : {}),
    ...status.metadata?.toHttp2Headers(),
    'grpc-status': String(status.code),
    'grpc-message': encodeURI(status.details),
  }
}

/**
 * The status of what a handler passed to its callback as an error, as grpc-js reads it: an integer
 * `code` with its `details`, else UNKNOWN with the error's message.
 */
export function toCallStatus(error: unknown): GrpcCallStatus {
  const value = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    details?: unknown
    message?: unknown
    metadata?: Metadata
  }
  const hasCode = typeof value.code === 'number' && Number.isInteger(value.code)
  const message = typeof value.message === 'string' ? value.message : 'Unknown Error'
  return {
    code: hasCode ? (value.code as GrpcStatus) : GrpcStatus.UNKNOWN,
    details: hasCode && typeof value.details === 'string' ? value.details : message,
    metadata: value.metadata ?? null,
  }
}
