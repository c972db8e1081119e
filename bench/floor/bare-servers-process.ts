/**
 * The three bare servers (HTTP, gRPC, WebSocket) in a process of their own, as the service is in
 * its own: a bare server sharing the benchmark's event loop would measure the benchmark too.
 * Reads the captured answers (BareAnswers, base64) as one JSON line on stdin, prints the ports as
 * one JSON line, and exits when stdin closes.
 */
import { createInterface } from 'node:readline'
import { createHttpFloorServer } from '../support/http-floor-server.js'
import { createBareGrpcServer } from './bare-grpc-server.js'
import { createBareWsServer } from './bare-ws-server.js'
import type { BareAnswers, BarePorts } from './bare-servers.js'

const lines = createInterface({ input: process.stdin })
const closers: Array<() => Promise<void>> = []
lines.once('line', (line) => {
  const answers = JSON.parse(line) as BareAnswers
  void (async () => {
    const http = await createHttpFloorServer()
    http.setResponse(Buffer.from(answers.rest, 'base64'))
    const grpc = await createBareGrpcServer(Buffer.from(answers.grpc, 'base64'))
    const ws = await createBareWsServer(Buffer.from(answers.websocket, 'base64').toString('utf8'))
    closers.push(http.close, grpc.close, ws.close)
    const ports: BarePorts = { http: http.port, grpc: grpc.port, websocket: ws.port }
    process.stdout.write(`${JSON.stringify(ports)}\n`)
  })()
})
lines.on('close', () => {
  void Promise.all(closers.map((close) => close())).then(() => process.exit(0))
})
