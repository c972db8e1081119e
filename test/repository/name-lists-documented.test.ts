/**
 * The closed sets a client chooses from (submit strategies, detection vectors, webhook events,
 * tracking statuses, risk levels) are each declared once, as a constant the schemas, the parsers
 * and the error messages are built from. Their prose is the one copy left by hand: each member
 * must be named (`in backticks`) in the doc a user reads to choose it, so a name added to the
 * constant and not documented fails here, naming it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { WEBHOOK_EVENT_TYPES } from '../../accounts/contract/index.js'
import { RISK_LEVELS } from '../../engine/contract/risk-levels.js'
import { SUBMIT_STRATEGY_NAMES } from '../../engine/contract/submit-strategies.js'
import { TRACKING_STATUSES } from '../../engine/contract/transaction-tracking.js'
import { VECTORS } from '../../engine/contract/vectors.js'

const DOCS = join(import.meta.dirname, '..', '..', 'docs')

const SETS: Array<[what: string, names: readonly string[], doc: string]> = [
  ['submit strategies', SUBMIT_STRATEGY_NAMES, 'relay.md'],
  ['detection vectors', VECTORS, 'detection.md'],
  ['webhook events', WEBHOOK_EVENT_TYPES, 'webhooks.md'],
  ['tracking statuses', TRACKING_STATUSES, 'api.md'],
  ['risk levels', RISK_LEVELS, 'detection.md'],
]

for (const [what, names, doc] of SETS) {
  t.test(`every one of the ${what} is named in docs/${doc}`, async (t) => {
    const text = readFileSync(join(DOCS, doc), 'utf8')
    t.same(
      names.filter((name) => !text.includes(`\`${name}\``)),
      [],
      `docs/${doc} names each of ${names.join(', ')}`,
    )
  })
}
