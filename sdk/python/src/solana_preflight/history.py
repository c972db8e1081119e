"""History as iterators: every record, page after page, following ``next_cursor`` until it is null."""

from __future__ import annotations

from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Iterator, Optional

Page = Dict[str, Any]


def iterate_history(get_page: Callable[[Optional[str]], Page]) -> Iterator[Dict[str, Any]]:
    """Yields each record of each page; a page is fetched only when the previous one is used up."""
    cursor: Optional[str] = None
    while True:
        page = get_page(cursor)
        yield from page.get("simulations", [])
        cursor = page.get("next_cursor")
        if not cursor:
            return


async def aiterate_history(get_page: Callable[[Optional[str]], Awaitable[Page]]) -> AsyncIterator[Dict[str, Any]]:
    cursor: Optional[str] = None
    while True:
        page = await get_page(cursor)
        for record in page.get("simulations", []):
            yield record
        cursor = page.get("next_cursor")
        if not cursor:
            return
