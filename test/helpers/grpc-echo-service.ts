/** A unary gRPC method passing bytes as they are, `/probe.Echo/Call`: for tests of the gRPC transport alone. */
const identity = (bytes: Buffer) => bytes

export const ECHO_SERVICE = {
  Call: {
    path: '/probe.Echo/Call',
    requestStream: false,
    responseStream: false,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  },
}
