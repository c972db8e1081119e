/**
 * Closes a grpc-js server so that a shutdown always finishes: calls in flight may answer for up to
 * `graceMs`, then every connection still open is cut. grpc-js's tryShutdown alone waits for every
 * open stream, including one whose client never ends its request, and would hold the shutdown
 * forever.
 *
 * Our servers keep grpc-js's default channelz for this: with `grpc.enable_channelz: 0` (grpc-js
 * 1.14.7) a server no longer records its sessions where forceShutdown looks for them, so the cut
 * leaves such a connection open and the shutdown waits on it (engine-port-wire.test.ts). Turning it
 * off saved ≈5–10 µs of CPU a call on a grpc-js server doing nothing else (bench/README.md).
 */
import type { Server } from '@grpc/grpc-js'

/** How long calls in flight get to answer when a gRPC port closes. */
export const GRPC_CLOSE_GRACE_MS = 10_000

export function shutDownGrpcServer(server: Server, graceMs = GRPC_CLOSE_GRACE_MS): Promise<void> {
  return new Promise<void>((resolve) => {
    const grace = setTimeout(() => server.forceShutdown(), graceMs)
    server.tryShutdown(() => {
      clearTimeout(grace)
      resolve()
    })
  })
}
