/**
 * `node dist/engine/health-probe-main.js [host:port]`: exits 0 when the engine at host:port
 * (default 127.0.0.1 and ENGINE_GRPC_PORT, else 50051) answers the standard health check SERVING
 * — warm: its view of the chain is current —, 1 otherwise, printing the status. The container
 * health check of compose's engine; Kubernetes asks the same service with its `grpc` probe.
 */
import { checkGrpcHealth } from './grpc/health-probe.js'

const PROBE_TIMEOUT_MS = 2_000

const address = process.argv[2] ?? `127.0.0.1:${process.env.ENGINE_GRPC_PORT ?? '50051'}`
const answer = await checkGrpcHealth(address, PROBE_TIMEOUT_MS)
process.stdout.write(`${address} ${answer}\n`)
process.exitCode = answer === 'SERVING' ? 0 : 1
