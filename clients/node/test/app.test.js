// The app's own commands: a Node handler answers them (bridge.handle), for stdio and for browser
// pages.
import assert from 'node:assert/strict'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { BridgeError, spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const vanilla = join(root, 'Tests', 'Fixtures', 'apps', 'vanilla')

test('bridge.handle answers the app\'s own command, bound as Tauri binds it first', async () => {
  const bridge = spawnBridge({ executable, app: vanilla })
  try {
    const seen = []
    await bridge.handle('greet', (args, context) => {
      seen.push(context)
      return `Hello, ${args.name}! You've been greeted from Rust!`
    })
    assert.equal(await bridge.invoke('greet', { name: 'Ada' }), "Hello, Ada! You've been greeted from Rust!")
    assert.equal(seen[0].command, 'greet')
    assert.equal(seen[0].platform, 'ios')
    assert.equal(seen[0].window, 'main')
    // Tauri's binding runs before the handler: a missing key never reaches it.
    await assert.rejects(bridge.invoke('greet', {}), (e) => e instanceof BridgeError &&
      e.message === 'invalid args `name` for command `greet`: command greet missing required key name')
    assert.equal(seen.length, 1)
  } finally {
    assert.equal(await bridge.close(), 0)
  }
})

test('what a handler throws is what invoke() rejects with; an unhandled call is announced', async () => {
  const bridge = spawnBridge({ executable, app: vanilla })
  try {
    await bridge.handle('count_words', () => { throw { code: 'TooLong', limit: 3 } })
    await assert.rejects(bridge.invoke('count_words', { textBody: 'a b c d', maxCount: 3 }), (e) =>
      e instanceof BridgeError && e.data.rejection.code === 'TooLong' && e.data.rejection.limit === 3)
    assert.deepEqual(await bridge.handler('count_words', { textBody: 'a', maxCount: 1 }).catch((e) => e), { code: 'TooLong', limit: 3 },
      'the mockIPC handler rejects with the thrown value itself')
    const unhandled = new Promise((resolve) => bridge.on('unhandled', resolve))
    await assert.rejects(bridge.invoke('save_note', { note_title: 't', tags: [] }), /save_note \(app command\) has no answer/)
    const notice = await unhandled
    assert.equal(notice.command, 'save_note')
    assert.deepEqual(notice.fixture, { save_note: { result: null } })
  } finally {
    await bridge.close()
  }
  assert.match(bridge.stderr, /1 call of 1 command had no answer/)
})

test('a Node handler answers a browser page\'s call too', async () => {
  const bridge = spawnBridge({ executable, app: vanilla, http: true })
  try {
    await bridge.handle('greet', (args) => `Hi ${args.name}`)
    const { url, key } = bridge.http
    const response = await fetch(url + 'greet', {
      method: 'POST', body: JSON.stringify({ name: 'Bo' }),
      headers: { 'Content-Type': 'application/json', 'Tauri-Invoke-Key': key, 'Tauri-Callback': '1', 'Tauri-Error': '2' }
    })
    assert.equal(response.headers.get('Tauri-Response'), 'ok')
    assert.equal(await response.json(), 'Hi Bo')
  } finally {
    await bridge.close()
  }
})
