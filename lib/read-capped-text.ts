/**
 * A fetch response's body as text, read no further than a cap: a peer answering without end (or
 * with a body far larger than anything its protocol sends) costs this process at most the cap in
 * memory, then the read stops and the connection is dropped.
 */

/** Thrown when the body passes `maxBytes`. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the response body is larger than ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/** The UTF-8 text of `response`'s body, or BodyTooLargeError past `maxBytes`. */
export async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new BodyTooLargeError(maxBytes)
  }
  if (!response.body) return ''
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total).toString('utf8')
}
