/**
 * Every environment variable a process reads is documented where operators look for it: the
 * services' in docs/operations.md's configuration reference, the traffic generator's in
 * localnet/README.md. A variable added to a schema without its row fails here.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { userServiceConfigSchema } from '../../accounts/config.js'
import { edgeConfigSchema } from '../../edge/config.js'
import { engineConfigSchema } from '../../engine/config.js'
import type { ConfigSchema } from '../../lib/config.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { trafficConfigSchema } from '../../localnet/traffic/config.js'

function getVariables(...schemas: ConfigSchema[]): string[] {
  return [...new Set(schemas.flatMap((schema) => Object.values(schema).map((field) => field.env)))].sort()
}

function read(path: string): string {
  return readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
}

t.test("the services' variables are in docs/operations.md's configuration reference", async (t) => {
  const page = read('docs/operations.md')
  const reference = page.slice(page.indexOf('## Configuration reference'), page.indexOf('## Configuration in depth'))
  t.ok(reference.length > 1000, 'the reference section is found')
  const variables = getVariables(userServiceConfigSchema, edgeConfigSchema, engineConfigSchema, localnetConfigSchema)
  t.ok(variables.length > 60, 'the schemas are read')
  for (const variable of variables) t.match(reference, `\`${variable}\``, variable)
})

t.test("the traffic generator's variables are in localnet/README.md", async (t) => {
  const readme = read('localnet/README.md')
  for (const variable of getVariables(trafficConfigSchema)) t.match(readme, `\`${variable}\``, variable)
})
