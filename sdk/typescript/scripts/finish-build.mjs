// After tsc: marks dist/cjs as CommonJS (the package is "type": "module"), makes the CLI
// executable, and copies the gRPC contract (proto/engine.proto) into the package.
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { URL } from 'node:url'

const dist = new URL('../dist/', import.meta.url)
writeFileSync(new URL('cjs/package.json', dist), '{ "type": "commonjs" }\n')
chmodSync(new URL('esm/cli/main.js', dist), 0o755)
const proto = new URL('../../../proto/engine.proto', import.meta.url)
if (existsSync(proto)) {
  mkdirSync(new URL('proto/', dist), { recursive: true })
  copyFileSync(proto, new URL('proto/engine.proto', dist))
}
