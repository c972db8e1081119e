/** History as an async iterator: every record, newest first, following `next_cursor` page by page. */
import type { HistoryPage, HistoryQuery, HistoryRecord } from './api-types.js'
import type { RequestOptions } from './http/http-client.js'

/** Every record matching `query`, fetching the next page only when the caller reaches it. */
export async function* iterateHistory(
  getPage: (query: HistoryQuery, options?: RequestOptions) => Promise<HistoryPage>,
  query: Omit<HistoryQuery, 'cursor' | 'offset'> = {},
  options?: RequestOptions,
): AsyncGenerator<HistoryRecord, void, undefined> {
  let cursor: string | undefined
  do {
    const page = await getPage(cursor === undefined ? query : { ...query, cursor }, options)
    yield* page.simulations
    cursor = page.next_cursor ?? undefined
  } while (cursor !== undefined)
}
