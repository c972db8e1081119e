/** What `ws` resolves to in the browser bundle: nothing (the SDK then uses the browser's own WebSocket). */
export {}
