// plugin-http 2.0 through the real @tauri-apps/api's invoke, as its guest-js fetch() calls it
// (fetch, fetch_send, fetch_read_body): a fixture answers, a real local server answers through
// --http-passthrough, and the http scope refuses what it does not allow before anything is sent.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

import { spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const bundle = resolve(root, '..', 'shared', 'conformance', 'tauri-ipc', 'bundle.global.js')
const skip = !existsSync(bundle) && process.env.CI !== 'true' && 'needs ../shared/conformance'

// What @tauri-apps/plugin-http 2.0.1's fetch() sends, step by step (guest-js/index.ts).
async function pluginFetch(invoke, url, init = {}) {
  const headers = Object.entries(init.headers || {})
  const data = init.body ? Array.from(new TextEncoder().encode(init.body)) : null
  const rid = await invoke('plugin:http|fetch', { clientConfig: { method: init.method || 'GET', url, headers, data } })
  const response = await invoke('plugin:http|fetch_send', { rid })
  const body = await invoke('plugin:http|fetch_read_body', { rid: response.rid })
  return { ...response, text: new TextDecoder().decode(Uint8Array.from(body)) }
}

test('fetch is answered by a fixture, by a real loopback server with --http-passthrough, and refused outside the scope', { skip }, async () => {
  const seen = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => { body += c })
    req.on('end', () => {
      if (req.url === '/form') {
        seen.push({ method: req.method, url: req.url, body })
        res.writeHead(303, { Location: '/done', 'X-First': 'redirect' })
        return res.end()
      }
      if (req.url === '/done') {
        seen.push({ method: req.method, url: req.url, body })
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        return res.end('done')
      }
      seen.push({ method: req.method, url: req.url, body, agent: req.headers['user-agent'], cookie: req.headers.cookie })
      res.writeHead(201, 'Made It', { 'Content-Type': 'text/plain', 'X-Seen': String(seen.length) })
      res.end('made ' + body)
    })
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const port = server.address().port
  const dir = mkdtempSync(join(tmpdir(), 'bridge-http-'))
  const capabilities = join(dir, 'main.json')
  writeFileSync(capabilities, JSON.stringify({
    identifier: 'main', windows: ['main'],
    permissions: [{ identifier: 'http:default', allow: [{ url: 'https://api.frak.id' }, { url: `http://127.0.0.1:${port}` }] }]
  }))
  const httpFixtures = join(dir, 'fixtures.json')
  writeFileSync(httpFixtures, JSON.stringify([{ url: 'https://api.frak.id/v1/*', json: { balance: 12 } }]))
  // plugin-http 2.0's whole-body fetch_read_body (2.4.1+ streams it over a Channel: bundles-2.8.test.js runs http 2.5.2's own fetch).
  const bridge = spawnBridge({ executable, capabilities, platform: 'ios', httpFixtures, httpPassthrough: true, pluginVersions: { http: '2.0.3' } })
  try {
    await bridge.ready
    const window = { console, setTimeout, Promise, Uint8Array, ArrayBuffer, JSON, Object, Array, Map, Number, Error, TextEncoder, TextDecoder }
    window.window = window
    window.globalThis = window
    const clear = bridge.installMocks(window)
    vm.runInNewContext(readFileSync(bundle, 'utf8'), window)
    const { invoke } = window.__TAURI__.core

    const fixture = await pluginFetch(invoke, 'https://api.frak.id/v1/me')
    assert.equal(fixture.status, 200)
    assert.deepEqual(JSON.parse(fixture.text), { balance: 12 })
    assert.equal(seen.length, 0, 'a fixture sends nothing')

    const real = await pluginFetch(invoke, `http://127.0.0.1:${port}/items?x=1`, { method: 'POST', body: 'ada', headers: { Cookie: 'a=1' } })
    assert.equal(real.status, 201)
    assert.equal(real.statusText, 'Created', "reqwest's canonical reason, not the server's")
    assert.equal(real.text, 'made ada')
    assert.ok(real.headers.some(([k, v]) => k === 'x-seen' && v === '1'), JSON.stringify(real.headers))
    assert.deepEqual(seen, [{ method: 'POST', url: '/items?x=1', body: 'ada', agent: 'tauri-plugin-http/2.0.3', cookie: undefined }],
      'the server got what the plugin sends: its user agent, no forbidden cookie header')

    await assert.rejects(pluginFetch(invoke, `http://127.0.0.1:${port + 1}/`),
      (e) => e === `url not allowed on the configured scope: http://127.0.0.1:${port + 1}/`)
    await assert.rejects(pluginFetch(invoke, 'https://elsewhere.example/'), (e) => e.startsWith('url not allowed on the configured scope'))
    assert.equal(seen.length, 1, 'a refused URL is never fetched')

    // A form POST answered 303 is followed with a GET, as reqwest follows it; the answer's
    // headers are the final response's.
    const followed = await pluginFetch(invoke, `http://127.0.0.1:${port}/form`, { method: 'POST', body: 'x=1' })
    assert.equal(followed.status, 200)
    assert.equal(followed.text, 'done')
    assert.equal(followed.url, `http://127.0.0.1:${port}/done`)
    assert.ok(!followed.headers.some(([k]) => k === 'x-first'), JSON.stringify(followed.headers))
    assert.deepEqual(seen.slice(1).map((r) => `${r.method} ${r.url} ${r.body}`), ['POST /form x=1', 'GET /done '])
    clear()
  } finally {
    await bridge.close()
    server.close()
  }
})
