// bridge.installMocks: the real @tauri-apps/api (bundle.global.js) runs unmodified against the
// bridge in Node, events included (listen, once, emit, emitTo, addPluginListener's Channel).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

import { spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const vanilla = join(root, 'Tests', 'Fixtures', 'apps', 'vanilla')
const fixtures = join(root, 'Tests', 'Fixtures', 'apps', 'vanilla-fixtures.json')
const bundle = resolve(root, '..', 'shared', 'conformance', 'tauri-ipc', 'bundle.global.js')
const skip = !existsSync(bundle) && process.env.CI !== 'true' && 'needs ../shared/conformance'

/** A window with the bridge installed and the real @tauri-apps/api bundle evaluated in it. */
function tauriWindow(bridge) {
  const window = { console, setTimeout, Promise, Uint8Array, ArrayBuffer, JSON, Object, Array, Map, Number, Error }
  window.window = window
  window.globalThis = window
  const clear = bridge.installMocks(window)
  vm.runInNewContext(readFileSync(bundle, 'utf8'), window)
  return { window, T: window.__TAURI__, clear }
}

const until = async (f) => { for (let i = 0; i < 200 && !f(); i++) await new Promise((r) => setTimeout(r, 25)) }

test('invoke, app commands and core plugins through the real @tauri-apps/api', { skip }, async () => {
  const bridge = spawnBridge({ executable, app: vanilla, fixtures, platform: 'android' })
  try {
    await bridge.ready
    const { window, T, clear } = tauriWindow(bridge)
    assert.equal(await T.core.invoke('greet', { name: 'Ada' }), "Hello, Ada! You've been greeted from Rust!")
    assert.equal(await T.app.getName(), 'vanilla')
    assert.equal(await T.path.appDataDir(), '/data/user/0/com.vanilla.app')
    await assert.rejects(T.window.getCurrentWindow().title(), (e) => e === 'Window API not available on mobile')
    await assert.rejects(T.core.invoke('greet', {}), (e) => e === 'invalid args `name` for command `greet`: command greet missing required key name')
    clear()
    assert.equal(window.__TAURI_INTERNALS__, undefined, 'clearMocks removes it')
  } finally {
    await bridge.close()
  }
})

test('listen, once, emit and emitTo are routed as Tauri routes them', { skip }, async () => {
  const bridge = spawnBridge({ executable })
  try {
    await bridge.ready
    const { T, clear } = tauriWindow(bridge)
    const any = [], once = [], secondary = []
    const unlisten = await T.event.listen('ping', (e) => any.push(e.payload))
    await T.event.once('ping', (e) => once.push(e.payload))
    await T.event.listen('ping', (e) => secondary.push(e.payload), { target: 'secondary' })
    await T.event.emit('ping', 1)
    await T.event.emit('ping', 2)
    await T.event.emitTo('secondary', 'ping', 3)
    assert.deepEqual(any, [1, 2, 3], 'an Any listener hears every emit')
    assert.deepEqual(once, [1], 'once hears one')
    assert.deepEqual(secondary, [1, 2, 3])
    unlisten()
    await T.event.emit('ping', 4)
    assert.deepEqual(any, [1, 2, 3], 'nothing after unlisten')
    // Listener ids as Tauri gives them: from 0, one more each (Listeners::next_event_id).
    const ids = [await T.core.invoke('plugin:event|listen', { event: 'x', target: { kind: 'Any' }, handler: 0 }),
      await T.core.invoke('plugin:event|listen', { event: 'x', target: { kind: 'Any' }, handler: 0 })]
    assert.deepEqual(ids, [3, 4], 'the fourth and fifth listeners of the page are 3 and 4')
    clear()
  } finally {
    await bridge.close()
  }
})

test('a plugin event reaches addPluginListener\'s Channel and listen()', { skip }, async () => {
  const group = mkdtempSync(join(tmpdir(), 'bridge-group-'))
  const bridge = spawnBridge({ executable, appGroup: group })
  try {
    await bridge.ready
    const { T, clear } = tauriWindow(bridge)
    const fromPlugin = [], fromListen = []
    const listener = await T.core.addPluginListener('share-extension', 'shareReceived', (p) => fromPlugin.push(p))
    await T.event.listen('share-extension://shareReceived', (e) => fromListen.push(e.payload))
    execFileSync(executable, ['extension', 'receive', '--app-group', group, '--text', 'a new share'])
    await until(() => fromPlugin.length === 1 && fromListen.length === 1)
    const { items } = await T.core.invoke('plugin:share-extension|read')
    assert.deepEqual(fromPlugin, [{ id: items[0].id }])
    assert.deepEqual(fromListen, [{ id: items[0].id }])
    await listener.unregister()
    execFileSync(executable, ['extension', 'receive', '--app-group', group, '--text', 'another'])
    await until(() => fromListen.length === 2)
    assert.equal(fromPlugin.length, 1, 'nothing after unregister')
    clear()
  } finally {
    await bridge.close()
  }
})
