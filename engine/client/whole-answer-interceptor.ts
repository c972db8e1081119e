/**
 * A unary call whose answer arrived whole, but whose connection dropped before the closing status
 * (an engine killed between its two writes): grpc-js reports UNAVAILABLE "Connection dropped", and
 * as the answer had begun it cannot retry the call on another engine either. The engine sends a
 * unary call's message only when the call succeeded (an error is a status with no message), so a
 * whole message followed by a lost connection is that success: this interceptor reports it as one.
 * Any other status, and a drop before the message, pass through unchanged.
 */
import { InterceptingCall, status as GrpcStatus, type Interceptor } from '@grpc/grpc-js'

export const acceptWholeAnswer: Interceptor = (options, nextCall) => {
  let answered = false
  return new InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      next(metadata, {
        onReceiveMessage(message, nextMessage) {
          // grpc-js hands on null when the stream ended inside a message.
          if (message !== null && message !== undefined) answered = true
          nextMessage(message)
        },
        onReceiveStatus(status, nextStatus) {
          if (answered && status.code === GrpcStatus.UNAVAILABLE) nextStatus({ ...status, code: GrpcStatus.OK, details: 'OK' })
          else nextStatus(status)
        },
      })
    },
  })
}
