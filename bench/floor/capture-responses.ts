/**
 * One real answer per door, captured from the running service before anything is timed: the bare
 * servers then answer these very bytes, so a door and its floor differ only by the work.
 */
import { connect } from 'node:http2'
import { WebSocket } from 'ws'
import type { BareAnswers } from './bare-servers.js'
import { GRPC_SIMULATE_PATH, SIMULATE_PATH, STREAM_PATH, toGrpcRequestFrame, toRestBodies } from './door-requests.js'
import type { UniqueTransaction } from './unique-transactions.js'

export interface ServiceAddress {
  /** http://host:port of the edge. */
  origin: string
  /** host:port of the engine's gRPC port. */
  grpcAddress: string
  apiKey: string
}

async function captureRest(service: ServiceAddress, transaction: UniqueTransaction): Promise<Buffer> {
  const response = await fetch(`${service.origin}${SIMULATE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: toRestBodies([transaction])[0],
  })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200) throw new Error(`REST capture: HTTP ${response.status} ${body.toString().slice(0, 200)}`)
  return body
}

/** Sends one unary call over a raw HTTP/2 session and returns its DATA bytes (checks grpc-status 0). */
export function postGrpcFrame(address: string, frame: Buffer, apiKey: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const session = connect(`http://${address}`)
    session.on('error', reject)
    const stream = session.request({
      ':method': 'POST',
      ':path': GRPC_SIMULATE_PATH,
      'content-type': 'application/grpc',
      te: 'trailers',
      'x-api-key': apiKey,
    })
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('trailers', (trailers) => {
      if (trailers['grpc-status'] !== '0')
        reject(new Error(`gRPC capture: grpc-status ${trailers['grpc-status']} ${trailers['grpc-message'] ?? ''}`))
    })
    stream.on('end', () => {
      session.close()
      resolve(Buffer.concat(chunks))
    })
    stream.on('error', reject)
    stream.end(frame)
  })
}

function captureWebSocket(service: ServiceAddress, transaction: UniqueTransaction): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const url = `${service.origin.replace(/^http/, 'ws')}${STREAM_PATH}`
    const socket = new WebSocket(url, { headers: { 'x-api-key': service.apiKey }, perMessageDeflate: false })
    socket.once('error', reject)
    socket.once('open', () => socket.send(JSON.stringify({ id: 1, transaction: transaction.base64, replace_recent_blockhash: true })))
    socket.once('message', (data: Buffer) => {
      socket.close()
      resolve(data)
    })
  })
}

/** Captures the answer to `transaction` through REST, gRPC and the WebSocket stream. */
export async function captureAnswers(service: ServiceAddress, transaction: UniqueTransaction): Promise<BareAnswers> {
  const rest = await captureRest(service, transaction)
  const grpc = await postGrpcFrame(service.grpcAddress, toGrpcRequestFrame(transaction), service.apiKey)
  const websocket = await captureWebSocket(service, transaction)
  if (websocket.toString().startsWith('{"id":1,"error"')) throw new Error(`WebSocket capture: ${websocket.toString().slice(0, 200)}`)
  return { rest: rest.toString('base64'), grpc: grpc.toString('base64'), websocket: websocket.toString('base64') }
}
