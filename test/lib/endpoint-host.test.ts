/**
 * One way to name a configured endpoint wherever it can be seen: its host and port, never the
 * rest of its URL (userinfo, path and query all carry providers' keys), also inside free text.
 */
import t from 'tap'
import { toEndpointHost } from '../../lib/endpoint-host.js'
import { toRedactedText } from '../../lib/redacted-text.js'

t.test('toEndpointHost keeps the host and port only', async (t) => {
  t.equal(toEndpointHost('https://user:secret@rpc.example.com:8443/token?api-key=key#x'), 'rpc.example.com:8443')
  t.equal(toEndpointHost('https://rpc.example.com:443/token/'), 'rpc.example.com', 'the default port is implied')
  t.equal(toEndpointHost('redis://:secret@10.0.0.1:6379/0'), '10.0.0.1:6379')
  t.equal(toEndpointHost('http://[::1]:8899/token'), '[::1]:8899')
  t.equal(toEndpointHost('rpc.example.com:8899/token'), 'endpoint', 'without a scheme nothing is safe to show')
  t.equal(toEndpointHost('not a url'), 'endpoint')
})

t.test('toRedactedText cuts every URL in a text to its host, keeping the sentence around it', async (t) => {
  t.equal(
    toRedactedText('http://u:secret@a.example/: refused; https://b.example/token?x-token=key: HTTP 500 from https://b.example/token.'),
    'a.example: refused; b.example: HTTP 500 from b.example.',
  )
  t.equal(toRedactedText('(see postgres://app:secret@db:5432/app)'), '(see db:5432)')
  t.equal(toRedactedText('no URL at 10:20, none here'), 'no URL at 10:20, none here')
})
