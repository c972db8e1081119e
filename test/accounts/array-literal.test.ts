/**
 * toArrayLiteral: the literal PostgreSQL reads back element for element (the history insert's
 * round trip through both databases is in history-record-list.test.ts); here its form.
 */
import t from 'tap'
import { toArrayLiteral } from '../../accounts/db/array-literal.js'

t.test('every string quoted, NULL bare, numbers and booleans as text', async (t) => {
  t.equal(toArrayLiteral(['a', null, undefined, 1.5, -2, true, false]), '{"a",NULL,NULL,1.5,-2,true,false}')
  t.equal(toArrayLiteral([]), '{}', 'no rows: an empty array')
})

t.test('a quote or a backslash is escaped; what else is special stays inside the quotes', async (t) => {
  t.equal(toArrayLiteral(['say "hi"']), '{"say \\"hi\\""}')
  t.equal(toArrayLiteral(['back\\slash']), '{"back\\\\slash"}')
  t.equal(toArrayLiteral(['NULL', '', 'a,b', '{x}', ' s ']), '{"NULL","","a,b","{x}"," s "}')
})
