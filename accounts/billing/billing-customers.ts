/**
 * `billing_customers`: the one Stripe customer of each user. It is created at the user's first
 * checkout with an idempotency key derived from the user id, so two checkouts racing (or a retry
 * after a crash before the id was stored) get the same customer from Stripe, and one row here.
 */
import type Stripe from 'stripe'
import type { Queryable } from '../db/database.js'

/** The user's Stripe customer id, or null before their first checkout. */
export async function getCustomerId(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.query<{ customer_id: string }>('SELECT customer_id FROM billing_customers WHERE user_id = $1', [userId])
  return row?.customer_id ?? null
}

/** The user a Stripe customer belongs to, or null when the customer is not one this service made. */
export async function getCustomerUserId(db: Queryable, customerId: string): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM billing_customers WHERE customer_id = $1', [customerId])
  return row?.user_id ?? null
}

/** The user's customer id, creating the customer at Stripe first when there is none yet. */
export async function ensureCustomer(db: Queryable, stripe: Stripe, user: { id: string; email: string }, nowMs: number): Promise<string> {
  const existing = await getCustomerId(db, user.id)
  if (existing) return existing
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: user.id } },
    { idempotencyKey: `preflight-customer-${user.id}` },
  )
  await db.query('INSERT INTO billing_customers (user_id, customer_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING', [
    user.id,
    customer.id,
    new Date(nowMs),
  ])
  return (await getCustomerId(db, user.id)) ?? customer.id
}
