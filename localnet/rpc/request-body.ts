/**
 * Reading a POST body with a size limit, for the RPC server and the relay alike: a body over the
 * limit is answered at once (by the caller's `onTooLarge`) and the connection closed, while what
 * the client still sends is drained for a while so that it can read that answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '../../lib/logger.js'

export type RequestBodyOptions = {
  maxBodyBytes: number
  /** Answers the request whose body passed the limit (the connection is closed after it). */
  onTooLarge(res: ServerResponse): void
  /** Receives the whole body as UTF-8. */
  onBody(body: string): void
  logger: Logger
}

/** Reads `req`'s body and hands it to onBody, or answers onTooLarge. */
export function readRequestBody(req: IncomingMessage, res: ServerResponse, options: RequestBodyOptions): void {
  const { maxBodyBytes } = options
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (tooLarge) {
      // Drain what the client still sends so it can read the answer, but not forever.
      if (size > maxBodyBytes * 16) req.destroy()
      return
    }
    if (size > maxBodyBytes) {
      tooLarge = true
      chunks.length = 0
      res.setHeader('connection', 'close')
      options.onTooLarge(res)
      return
    }
    chunks.push(chunk)
  })
  req.on('end', () => {
    if (!tooLarge) options.onBody(Buffer.concat(chunks).toString('utf8'))
  })
  req.on('error', (err) => options.logger.debug({ err }, 'request stream failed'))
}
