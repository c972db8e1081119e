/**
 * A real webhook receiver on 127.0.0.1 for end-to-end tests: it records every POST (raw body and
 * signature header) and either answers 200 or holds the request unanswered, so a test can keep a
 * delivery in flight for as long as it likes (and kill the sender meanwhile).
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface ReceivedWebhook {
  /** Whether the receiver was holding (never answered) when it arrived. */
  held: boolean
  body: string
  signature: string
  eventId: string
  eventType: string
}

export interface HoldingWebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** true: requests from now on are held, never answered; false: answered 200. */
  hold(holding: boolean): void
}

/** Starts a receiver that holds from the start; closed, with every connection, when `t` ends. */
export async function startHoldingWebhookReceiver(t: Test): Promise<HoldingWebhookReceiver> {
  const received: ReceivedWebhook[] = []
  let holding = true
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const payload = JSON.parse(body) as { id: string; type: string }
      received.push({
        held: holding,
        body,
        signature: String(request.headers['x-preflight-signature']),
        eventId: payload.id,
        eventType: payload.type,
      })
      if (!holding) response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        // A held request's socket would keep close() waiting.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    hold: (value) => (holding = value),
  }
}
