/**
 * The commitment every state read of the engine asks its RPC node for: processed, the bank the
 * next leader builds on. A pre-flight judges what a transaction will meet when it lands, so a
 * wallet's own transaction of the open slot, a token minted seconds ago or an approval just
 * granted must be seen; at confirmed they are a slot late, at finalized (a node's default) ~13 s.
 * The geyser stream stays at confirmed (its updates never need taking back) and only moves a
 * processed read forward; a slot the cluster abandons (SLOT_DEAD) drops what was read at it
 * (account-cache.ts forgetSlot). History reads (getTransaction, getSignaturesForAddress) need
 * confirmed at least and keep it.
 */
export const STATE_READ_COMMITMENT = 'processed'
