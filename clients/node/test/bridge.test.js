import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { webcrypto } from 'node:crypto'

import { BridgeError, spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const bundle = resolve(root, '..', 'shared', 'conformance', 'tauri-ipc', 'bundle.global.js')
const SHARE = 'plugin:frak-share|share_text'
const ARGS = { url: 'https://frak.id/invite', text: 'Join me', title: 'Frak' }

if (!existsSync(executable)) throw new Error(`${executable} is not built: run swift build first`)

/** What `bridge invoke` prints: {status, value}. */
function bridgeInvoke(cmd, args, ...options) {
  const run = spawnSync(executable, ['invoke', cmd, JSON.stringify(args), ...options], { encoding: 'utf8' })
  return { status: run.status, value: JSON.parse(run.stdout) }
}

test('invoke resolves with what bridge invoke prints', async () => {
  const bridge = spawnBridge({ executable, platform: 'android' })
  try {
    assert.deepEqual(await bridge.invoke(SHARE, ARGS), bridgeInvoke(SHARE, ARGS, '--platform', 'android').value)
  } finally {
    assert.equal(await bridge.close(), 0)
  }
})

test('invoke rejects with an Error whose message is Tauri\'s rejection, with code and data', async () => {
  const bridge = spawnBridge({ executable, platform: 'linux' })
  try {
    const expected = bridgeInvoke(SHARE, ARGS, '--platform', 'linux').value
    await assert.rejects(bridge.invoke(SHARE, ARGS), (e) => {
      assert.ok(e instanceof BridgeError)
      assert.equal(e.message, 'frak-share is only available on iOS and Android')
      assert.equal(e.message, expected.message)
      assert.equal(e.code, expected.code)
      assert.equal(e.data.kind, 'unsupported_platform')
      return true
    })
  } finally {
    await bridge.close()
  }
})

test('handler rejects with the message string, as the app\'s invoke() sees it', async () => {
  const bridge = spawnBridge({ executable })
  try {
    await assert.rejects(bridge.handler(SHARE, {}), (e) => {
      assert.equal(e, "Missing 'url' or 'text' parameter")
      return true
    })
    assert.deepEqual(await bridge.handler(SHARE, ARGS), { shared: true })
  } finally {
    await bridge.close()
  }
})

test('inspect: a presentation event arrives before the result', async () => {
  const bridge = spawnBridge({ executable, inspect: true, platform: 'ios', device: 'ipad' })
  const seen = []
  bridge.on('presentation', (p) => seen.push(p))
  try {
    await bridge.invoke(SHARE, ARGS)
    assert.equal(seen.length, 1)
    assert.equal(seen[0].presentation.platform, 'ios')
    assert.ok(seen[0].presentation.popover, 'an iPad sheet is a popover')
  } finally {
    await bridge.close()
  }
})

test('http: the same call gives the same result and message over stdio and HTTP', async () => {
  const bridge = spawnBridge({ executable, http: true, platform: 'android' })
  try {
    await bridge.ready
    assert.match(bridge.http.url, /^http:\/\/127\.0\.0\.1:\d+\/$/)
    assert.equal(bridge.http.script, bridge.http.url + '__bridge/tauri.js')
    const script = await (await fetch(bridge.http.script)).text()
    assert.ok(script.includes(bridge.http.key), 'the script embeds the invoke key')
    const post = (args) => fetch(bridge.http.url + encodeURIComponent(SHARE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Tauri-Invoke-Key': bridge.http.key, 'Tauri-Callback': '1', 'Tauri-Error': '2' },
      body: JSON.stringify(args)
    })
    for (const args of [ARGS, {}, { url: 'ftp://x' }, { imageUrl: 3, text: 'x' }]) {
      const response = await post(args)
      const body = await response.json()
      const stdio = await bridge.invoke(SHARE, args).then((r) => ({ ok: r }), (e) => ({ err: e.message, code: e.code }))
      if ('ok' in stdio) {
        assert.equal(response.headers.get('Tauri-Response'), 'ok')
        assert.deepEqual(body, stdio.ok)
      } else {
        assert.equal(response.headers.get('Tauri-Response'), 'error')
        assert.equal(body, stdio.err, `message of ${JSON.stringify(args)}`)
        assert.equal(JSON.parse(response.headers.get('Bridge-Error')).code, stdio.code)
      }
    }
    const refused = await fetch(bridge.http.url + encodeURIComponent(SHARE), { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })
    assert.equal(refused.status, 403)
    assert.match(await refused.text(), /missing invoke key/)
  } finally {
    await bridge.close()
  }
})

test('mockIPC from @tauri-apps/api with the bridge\'s handler: invoke() gets the real answers', async (t) => {
  if (!existsSync(bundle)) {
    if (process.env.CI === 'true') throw new Error(`${bundle} is missing (CI always has ../shared)`)
    t.skip(`${bundle} is missing`)
    return
  }
  const bridge = spawnBridge({ executable })
  try {
    const window = { crypto: webcrypto }
    window.window = window
    vm.createContext(window)
    vm.runInContext(readFileSync(bundle, 'utf8'), window)
    window.__TAURI__.mocks.mockIPC(bridge.handler)
    const invoke = window.__TAURI__.core.invoke
    assert.deepEqual(await invoke(SHARE, ARGS), { shared: true })
    // An empty share is refused by the plugin itself (a javascript: link is shared, as the real
    // plugin shares it, with only a warning).
    await assert.rejects(invoke(SHARE, { title: 'only a title' }), (e) => {
      assert.equal(typeof e, 'string')
      assert.equal(e, "Missing 'url' or 'text' parameter")
      assert.equal(e, bridgeInvoke(SHARE, { title: 'only a title' }).value.message)
      return true
    })
  } finally {
    await bridge.close()
  }
})

test('close resolves with the exit status; a bridge that cannot start rejects calls, saying why', async () => {
  const bad = spawnBridge({ executable, platform: 'beos' })
  await assert.rejects(bad.invoke(SHARE, ARGS), /exited with status 2.*platform/s)
  assert.equal(await bad.close(), 2)
})

test('plugin events: a share landing in the inbox is an event with its item id', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const group = mkdtempSync(join(tmpdir(), 'bridge-group-'))
  const bridge = spawnBridge({ executable, extraArgs: ['--app-group', group] })
  try {
    await bridge.ready
    const events = []
    const arrived = new Promise((resolve) => bridge.on('event', (e) => { events.push(e); resolve() }))
    execFileSync(executable, ['extension', 'receive', '--app-group', group, '--text', 'hello'])
    await arrived
    const { items } = await bridge.invoke('plugin:share-extension|read')
    assert.deepEqual(events, [{ plugin: 'share-extension', event: 'shareReceived', payload: { id: items[0].id } }])
  } finally {
    await bridge.close()
    rmSync(group, { recursive: true, force: true })
  }
})
