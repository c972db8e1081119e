/** The shape of a relay method handler: params in, JSON-ready result out, with the HTTP call at hand. */

export type RelayCallContext = {
  /** The request URL's query (sendTransaction reads `bundleOnly`). */
  readonly query: URLSearchParams
  /** Adds a header to the HTTP answer (sendTransaction's `x-bundle-id`). */
  setHeader(name: string, value: string): void
}

export type RelayMethod = (params: readonly unknown[], context: RelayCallContext) => unknown

export type RelayMethods = Readonly<Record<string, RelayMethod>>
