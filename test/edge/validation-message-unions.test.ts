// A client hears about the branch of a oneOf/anyOf its value's type picks, not about the branches
// for other types ("must be string" for an object), nor ajv's "must match exactly one schema"
// (unless several branches passed: then that is the truth).
import { Ajv } from 'ajv'
import t from 'tap'
import { getValidationMessage } from '../../edge/validation-message.js'

// The edge's options (edge/server.ts): the first failing keyword ends validation.
const ajv = new Ajv({ allErrors: false, coerceTypes: false })

const check = ajv.compile({
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', maximum: 10 },
    choice: {
      oneOf: [
        { type: 'string', enum: ['a', 'b'] },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            level: {
              anyOf: [
                { type: 'integer', minimum: 0 },
                { type: 'array', maxItems: 1 },
              ],
            },
            name: { type: 'string' },
          },
        },
      ],
    },
  },
})

function getMessage(value: unknown): string {
  t.notOk(check(value), `${JSON.stringify(value)} is invalid`)
  return getValidationMessage(check.errors, 'body')
}

t.test('outside a union: the first error, an unknown field by its name', async (t) => {
  t.equal(getMessage({ limit: 11 }), 'limit: must be <= 10')
  t.equal(getMessage({ extra: 1 }), 'extra: is not a known field')
  t.equal(getMessage([]), 'body: must be object')
  t.equal(getValidationMessage(null, 'message'), 'message: is not valid')
})

t.test("a union: the branch of the value's type", async (t) => {
  t.equal(getMessage({ choice: 'c' }), 'choice: must be equal to one of the allowed values')
  t.equal(getMessage({ choice: { name: 5 } }), 'choice.name: must be string')
  t.equal(getMessage({ choice: { nickname: 'x' } }), 'choice.nickname: is not a known field')
})

t.test('a union in a union: the innermost branch that takes the type', async (t) => {
  t.equal(getMessage({ choice: { level: -1 } }), 'choice.level: must be >= 0')
  t.equal(getMessage({ choice: { level: [1, 2] } }), 'choice.level: must NOT have more than 1 items')
  t.equal(getMessage({ choice: { level: 'high' } }), 'choice.level: must be integer or array')
})

t.test('a type no branch takes: the types the union takes', async (t) => {
  t.equal(getMessage({ choice: 42 }), 'choice: must be string or object')
  t.equal(getMessage({ choice: null }), 'choice: must be string or object')
})

t.test("a oneOf two branches pass: the oneOf's own message", async (t) => {
  const both = ajv.compile({ oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }, { type: 'integer' }] })
  t.notOk(both('ab'))
  t.equal(getValidationMessage(both.errors, 'body'), 'body: must match exactly one schema in oneOf', 'not "must be integer" for a string')
})

t.test('a branch behind a $ref: the first error, as ajv lists it', async (t) => {
  const referenced = ajv.compile({
    $defs: { short: { type: 'string', maxLength: 2 } },
    anyOf: [{ $ref: '#/$defs/short' }, { type: 'null' }],
  })
  t.notOk(referenced('abc'))
  t.equal(getValidationMessage(referenced.errors, 'body'), 'body: must NOT have more than 2 characters')
})
