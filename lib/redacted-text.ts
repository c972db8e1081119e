/**
 * Free text — an error's message or stack, what an endpoint answered — with every URL in it cut
 * down to its host (toEndpointHost), for the texts that carry a URL we did not write ourselves:
 * fetch names the URL it refused, a client library names the endpoint it could not reach.
 */
import { toEndpointHost } from './endpoint-host.js'

/** A URL: a scheme, `//`, then anything up to whitespace, a quote or an angle bracket. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>]+/gi
/** Punctuation after a URL belongs to the sentence ("from http://host/x: refused"), not the URL. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

/** `text` with each URL replaced by its host (and port). */
export function toRedactedText(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? ''
    return toEndpointHost(match.slice(0, match.length - trailing.length)) + trailing
  })
}
