/**
 * Run as a process of its own by test/helpers/grpc-stream-promotion-probe.ts: keeps 16 unary gRPC
 * calls in flight on one node:http2 connection to `/probe.Echo/Call` at argv[2] (host:port) until
 * killed, so the probe's heap holds the server's side of the calls alone.
 */
import { connect, constants } from 'node:http2'

const address = process.argv[2]
if (!address) throw new Error('usage: grpc-echo-load.ts host:port')
const session = connect(`http://${address}`)
session.on('error', () => process.exit(0))
// A gRPC frame: not compressed, a 4-byte big-endian length, 64 bytes of message.
const frame = Buffer.concat([Buffer.from([0, 0, 0, 0, 64]), Buffer.alloc(64, 7)])

function call(): void {
  const stream = session.request({
    [constants.HTTP2_HEADER_METHOD]: 'POST',
    [constants.HTTP2_HEADER_PATH]: '/probe.Echo/Call',
    'content-type': 'application/grpc',
    te: 'trailers',
  })
  stream.on('data', () => undefined)
  stream.on('close', call)
  stream.on('error', () => undefined)
  stream.end(frame)
}
for (let i = 0; i < 16; i++) call()
