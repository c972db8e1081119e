/** gRPC's length-prefixed message framing, for the benchmarks' raw HTTP/2 clients and floor servers. */

/** A gRPC message as it travels in DATA frames: compressed flag 0, big-endian uint32 length, its bytes. */
export function toGrpcFrame(message: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(5 + message.length)
  frame[0] = 0
  frame.writeUInt32BE(message.length, 1)
  frame.set(message, 5)
  return frame
}
