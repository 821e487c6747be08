// The bridge's Node client: spawns `bridge serve` and speaks JSON-RPC 2.0 to it over stdio
// (NDJSON). Zero dependencies. See index.d.ts and the README section "Use it from Node tests".
import { execFileSync, spawn } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/** The binary the npm package carries (Install/package puts it at bin/bridge). */
const ownBinary = join(dirname(fileURLToPath(import.meta.url)), 'bin', 'bridge')

/**
 * The executable to spawn: `options.executable`, `BRIDGE_EXECUTABLE`, the package's own
 * binary, else `bridge` on PATH — checked, since iproute2 installs a `/usr/sbin/bridge` too.
 */
export function resolveExecutable(options = {}) {
  const chosen = options.executable || process.env.BRIDGE_EXECUTABLE
  if (chosen) return chosen
  if (existsSync(ownBinary)) return ownBinary
  let version = ''
  try {
    version = execFileSync('bridge', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 })
  } catch (e) {
    version = String((e && (e.stdout || e.stderr)) || '')
    if (e && e.code === 'ENOENT') {
      throw new Error('no bridge executable: install the package with its binary (Install/package), set BRIDGE_EXECUTABLE, or pass { executable }')
    }
  }
  if (!/^bridge \d/.test(version)) {
    const found = version.split('\n')[0] || 'a program that does not answer --version as bridge does'
    throw new Error(`the bridge on PATH is not this bridge (it says: ${found}; iproute2 installs a /usr/sbin/bridge): set BRIDGE_EXECUTABLE or pass { executable }`)
  }
  return 'bridge'
}

/** The error `invoke` rejects with: `message` is what Tauri's `invoke()` rejects with. */
export class BridgeError extends Error {
  constructor(error) {
    super(error.message)
    this.name = 'BridgeError'
    this.code = error.code
    this.data = error.data
  }
}

const OPTION_FLAGS = {
  platform: '--platform', device: '--device', window: '--window', webview: '--webview',
  origin: '--origin', capabilities: '--capabilities', app: '--app', fixtures: '--fixtures',
  appGroup: '--app-group', openUrl: '--open-url', clipboard: '--clipboard', biometry: '--biometry', sandbox: '--sandbox',
  httpFixtures: '--http-fixtures', tauriVersion: '--tauri-version'
}

function argumentsFor(options) {
  const args = ['serve']
  for (const [key, flag] of Object.entries(OPTION_FLAGS)) {
    if (options[key] !== undefined && options[key] !== null) args.push(flag, String(options[key]))
  }
  for (const [name, version] of Object.entries(options.pluginVersions || {})) args.push('--plugin-version', `${name}@${version}`)
  if (options.strict) args.push('--strict')
  if (options.httpPassthrough) args.push('--http-passthrough')
  if (options.http !== undefined && options.http !== false && options.http !== null) {
    args.push('--http', options.http === true ? '0' : String(options.http))
  }
  return args.concat(options.extraArgs || [])
}

/** A running `bridge serve`. Create it with `spawnBridge`. */
export class Bridge {
  #child
  #events = new EventEmitter()
  #pending = new Map()
  #nextId = 1
  #http = null
  #exit
  #closed = false
  #stderr = ''
  #globals = {}
  #handlers = new Map()

  constructor(options = {}) {
    const executable = resolveExecutable(options)
    const args = argumentsFor(options)
    this.#child = spawn(executable, args, { stdio: ['pipe', 'pipe', 'pipe'] })
    let listening
    const listened = new Promise((resolve) => { listening = resolve })
    this.#exit = new Promise((resolve) => {
      this.#child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? osSignal(signal) : 0)))
      this.#child.on('error', (error) => {
        this.#stderr += String(error.message) + '\n'
        resolve(127)
      })
    })
    this.#exit.then((status) => {
      this.#closed = true
      const reason = new Error(`the bridge exited with status ${status} before answering: ${this.#stderr.trim() || '(no stderr)'}`)
      for (const { reject } of this.#pending.values()) reject(reason)
      this.#pending.clear()
      listening()
    })
    this.#child.stderr.setEncoding('utf8')
    this.#child.stderr.on('data', (chunk) => { this.#stderr += chunk })
    this.#child.stdin.on('error', () => {})
    createInterface({ input: this.#child.stdout }).on('line', (line) => {
      if (!line.trim()) return
      let message
      try { message = JSON.parse(line) } catch { return }
      this.#receive(message, listening)
    })
    const wantsHTTP = args.includes('--http')
    // Always a round trip: `ready` means the session answers (and what it started before reading,
    // such as the share inbox's watcher, is running), not merely that the process was spawned.
    const initialized = this.#request('initialize', options.inspect ? { inspect: true } : {})
      .then((result) => { this.#globals = (result && result.globals) || {} })
    /** Resolves once the bridge answers `initialize` (and after `bridge/listening` when started with `http`). */
    this.ready = Promise.all([wantsHTTP ? listened : Promise.resolve(), initialized]).then(() => {
      if (this.#closed && wantsHTTP && !this.#http) throw new Error(`the bridge did not start: ${this.#stderr.trim()}`)
    })
    this.ready.catch(() => {})
  }

  #receive(message, listening) {
    if (message.method === 'bridge/answer' && message.id !== undefined) {
      this.#answer(message)
      return
    }
    if (message.id !== undefined && (message.result !== undefined || message.error !== undefined)) {
      const pending = this.#pending.get(message.id)
      if (!pending) return
      this.#pending.delete(message.id)
      if (message.error) pending.reject(new BridgeError(message.error))
      else pending.resolve(message.result)
      return
    }
    switch (message.method) {
      case 'bridge/listening':
        this.#http = { url: message.params.url, script: message.params.script, key: message.params.key }
        listening()
        break
      case 'bridge/presentation': this.#events.emit('presentation', message.params); break
      case 'bridge/warning': this.#events.emit('warning', message.params); break
      case 'bridge/event': this.#events.emit('event', message.params); break
      case 'bridge/callback': this.#events.emit('callback', message.params); break
      case 'bridge/unhandled': this.#events.emit('unhandled', message.params); break
      default: break
    }
  }

  // The bridge asks for the answer to a call of a command this client handles.
  async #answer(message) {
    const { command, args, context } = message.params || {}
    const fn = this.#handlers.get(command) || this.#handlers.get('*')
    let reply
    try {
      if (!fn) throw new Error(`no handler for ${command} in this client`)
      const result = await fn(args, { command, ...context })
      reply = { jsonrpc: '2.0', id: message.id, result: result === undefined ? null : result }
    } catch (e) {
      // What the handler throws is what the app's invoke() rejects with, as a Rust Err serialises.
      const rejection = e instanceof Error ? e.message : e
      reply = { jsonrpc: '2.0', id: message.id, error: { code: -32003, message: typeof rejection === 'string' ? rejection : JSON.stringify(rejection), data: { rejection: rejection === undefined ? null : rejection } } }
    }
    if (!this.#closed) this.#child.stdin.write(JSON.stringify(reply) + '\n')
  }

  #request(method, params) {
    if (this.#closed) return Promise.reject(new Error(`the bridge has exited: ${this.#stderr.trim()}`))
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n')
    })
  }

  /**
   * Calls a command; resolves with its result, or rejects with a `BridgeError` whose `message`
   * is the value Tauri's `invoke()` would reject with (`code` and `data` as well).
   */
  async invoke(cmd, args = {}) {
    await this.ready
    return this.#request(cmd, args)
  }

  /**
   * `(cmd, args) => Promise`, for `mockIPC` from `@tauri-apps/api/mocks`: rejects with exactly
   * the value the app's `invoke()` would see (the error's message string).
   */
  get handler() {
    return (cmd, args) => this.invoke(cmd, args === undefined ? {} : args).catch((e) => {
      // A handler's or fixture's error value itself (as a Rust Err serialises), else the message.
      if (e instanceof BridgeError) throw e.data && 'rejection' in e.data ? e.data.rejection : e.message
      throw e
    })
  }

  /**
   * Answers `command` (an app command such as `greet`, or `plugin:<p>|<c>` of a plugin the bridge
   * does not simulate; `'*'` for every command nothing else answers) with `fn(args, context)`,
   * for every transport of this bridge, its browser pages included. What `fn` returns (or
   * resolves with) is the result; what it throws is what the app's `invoke()` rejects with.
   * Resolves once the bridge routes the command here.
   */
  async handle(command, fn) {
    if (typeof fn !== 'function') throw new TypeError('handle(command, fn): fn must be a function')
    await this.ready
    this.#handlers.set(command, fn)
    await this.#request('bridge/handle', { commands: [command] })
  }

  /**
   * A link tapped while the app runs (deep-link's warm arrival): when the app's
   * `plugins.deep-link` routes it to the app on this platform it becomes `getCurrent()`'s answer
   * and `onOpenUrl` handlers receive it; resolves `{opened, url?, reason?}`.
   */
  async openUrl(url) {
    await this.ready
    return this.#request('bridge/openUrl', { url })
  }

  /**
   * Android's back button pressed (Tauri ≥ 2.9): `onBackButtonPress` listeners receive
   * `{canGoBack}`; with none, resolves `{handled: false, default}` saying what Android does.
   */
  async backButton() {
    await this.ready
    return this.#request('bridge/backButton', {})
  }

  /** Listens for `presentation`, `warning`, `event` or `unhandled` notifications; returns a function that stops. */
  on(name, callback) {
    if (!['presentation', 'warning', 'event', 'unhandled'].includes(name)) {
      throw new TypeError(`unknown event ${name}: use presentation, warning, event or unhandled`)
    }
    this.#events.on(name, callback)
    return () => this.#events.off(name, callback)
  }

  /**
   * Installs the bridge as the IPC of `target` (a test's `globalThis`, or a `window`): what
   * `@tauri-apps/api/mocks`' `mockIPC` does, with the real bridge behind it and events too. The
   * app's unmodified `invoke`, `listen`, `once`, `emit`, `emitTo`, `Channel`, `addPluginListener`
   * and `convertFileSrc` then run: commands go to the bridge; event commands are routed here as
   * Tauri routes them (an `emit` reaches every listener of the event, an `emitTo` those of its
   * target); plugin events the bridge emits (`bridge/event`) reach `addPluginListener` Channels
   * and `listen('<plugin>://<event>')`. Returns `clearMocks`, which removes it all.
   */
  installMocks(target = globalThis, { window: label = 'main' } = {}) {
    const bridge = this
    const callbacks = new Map()
    const listeners = new Map()       // event -> [{id, handler, target}]
    const channels = new Map()        // `${plugin}|${event}` -> [channel id]
    // Listener ids start at 0, as Tauri's `Listeners::next_event_id` (the oracle agrees).
    let nextCallback = 1, nextListener = 0
    const transformCallback = (callback, once = false) => {
      const id = nextCallback++
      callbacks.set(id, (data) => { if (once) callbacks.delete(id); return callback && callback(data) })
      return id
    }
    const run = (id, data) => { const f = callbacks.get(id); if (f) f(data) }
    const deliver = (event, payload, to) => {
      for (const l of listeners.get(event) || []) {
        const t = l.target || { kind: 'Any' }
        const reaches = !to || t.kind === 'Any' || (t.label !== undefined && t.label === to.label) || to.kind === 'Any'
        if (reaches) run(l.handler, { event, id: l.id, payload })
      }
    }
    const local = {
      'plugin:event|listen': ({ event, target: t, handler }) => {
        const id = nextListener++
        if (!listeners.has(event)) listeners.set(event, [])
        listeners.get(event).push({ id, handler, target: t })
        return id
      },
      'plugin:event|unlisten': ({ event, eventId }) => {
        listeners.set(event, (listeners.get(event) || []).filter((l) => l.id !== eventId))
        return null
      },
      'plugin:event|emit': ({ event, payload }) => { deliver(event, payload, null); return null },
      'plugin:event|emit_to': ({ target: to, event, payload }) => {
        deliver(event, payload, typeof to === 'string' ? { kind: 'AnyLabel', label: to } : to)
        return null
      }
    }
    const listenerCommand = (cmd) => /^plugin:([a-z0-9-]+)\|(register_listener|registerListener|remove_listener|removeListener)$/.exec(cmd)
    const sent = new Map()          // channel id -> messages sent (Channels keep their order by it)
    const offEvents = this.on('event', ({ plugin, event, payload }) => {
      for (const id of channels.get(`${plugin}|${event}`) || []) {
        const n = sent.get(id) || 0
        sent.set(id, n + 1)
        // As Tauri's Channel sends: the message with its index (`id` before 2.3, `index` after).
        run(id, { message: payload, index: n, id: n })
      }
      deliver(`${plugin}://${event}`, payload, null)
    })
    // A Channel argument the bridge sends on (geolocation's watchPosition): `bridge/callback`.
    const onCallback = ({ callback, payload }) => run(callback, payload)
    this.#events.on('callback', onCallback)
    const internals = {
      invoke: async (cmd, args = {}, options) => {
        if (local[cmd]) return local[cmd](args || {})
        const m = listenerCommand(cmd)
        if (m) {
          const key = `${m[1]}|${args.event}`
          if (m[2].startsWith('register')) {
            // A Channel object (or its `__CHANNEL__:<id>` form, serialised).
            const h = args.handler
            const id = h && typeof h === 'object' ? h.id : Number(String(h).replace('__CHANNEL__:', ''))
            channels.set(key, [...(channels.get(key) || []), id])
          } else {
            channels.set(key, (channels.get(key) || []).filter((id) => id !== args.channelId))
          }
          return null
        }
        // Bytes are Tauri's raw body and the options' headers its request headers: both travel
        // as the reserved `__tauri` key (fs's writeFile reads its path from a header).
        const headers = requestHeaders(options && options.headers)
        const bytes = args instanceof ArrayBuffer ? new Uint8Array(args)
          : ArrayBuffer.isView(args) ? new Uint8Array(args.buffer, args.byteOffset, args.byteLength)
          : Array.isArray(args) ? Uint8Array.from(args) : null
        const serialized = bytes
          ? { __tauri: { headers, body: Buffer.from(bytes).toString('base64') } }
          : JSON.parse(JSON.stringify(args === undefined ? {} : args, (_k, v) =>
            v && typeof v === 'object' && typeof v.__TAURI_TO_IPC_KEY__ === 'function' ? v.__TAURI_TO_IPC_KEY__() : v))
        if (!bytes && Object.keys(headers).length) serialized.__tauri = { headers }
        try {
          return await bridge.invoke(cmd, serialized)
        } catch (e) {
          throw e instanceof BridgeError ? (e.data && 'rejection' in e.data ? e.data.rejection : e.message) : e
        }
      },
      transformCallback,
      unregisterCallback: (id) => callbacks.delete(id),
      runCallback: run,
      callbacks,
      convertFileSrc: (path, protocol = 'asset') => `${protocol}://localhost/${encodeURIComponent(path)}`,
      metadata: { currentWindow: { label }, currentWebview: { windowLabel: label, label } },
      plugins: { path: { sep: '/', delimiter: ':' } }
    }
    const eventInternals = {
      unregisterListener: (event, id) => listeners.set(event, (listeners.get(event) || []).filter((l) => l.id !== id))
    }
    Object.defineProperty(target, '__TAURI_INTERNALS__', { value: internals, configurable: true, writable: true })
    // What a webview has before the page runs: plugin-os's __TAURI_OS_PLUGIN_INTERNALS__ (os 2.x
    // reads platform(), arch(), … from it synchronously), from the bridge's `initialize`.
    const globals = Object.keys(this.#globals || {})
    for (const name of globals) Object.defineProperty(target, name, { value: Object.freeze(this.#globals[name]), configurable: true, writable: true })
    // A webview's Notification: plugin-notification 2.x reads its permission first and asks the
    // plugin while it is 'default', as a page that never asked does.
    const shimsNotification = !('Notification' in target)
    if (shimsNotification) {
      Object.defineProperty(target, 'Notification', { value: class Notification { static get permission () { return 'default' } }, configurable: true, writable: true })
    }
    Object.defineProperty(target, '__TAURI_EVENT_PLUGIN_INTERNALS__', { value: eventInternals, configurable: true, writable: true })
    return function clearMocks() {
      offEvents()
      bridge.#events.off('callback', onCallback)
      delete target.__TAURI_INTERNALS__
      delete target.__TAURI_EVENT_PLUGIN_INTERNALS__
      for (const name of globals) delete target[name]
      if (shimsNotification) delete target.Notification
    }
  }

  /** `{url, script, key}` of browser mode once `ready` resolved (started with `http`), else null. */
  get http() { return this.#http }

  /** What the bridge wrote on stderr so far. */
  get stderr() { return this.#stderr }

  /** Shuts the bridge down (`shutdown`, `exit`) and resolves with its exit status. */
  async close() {
    if (!this.#closed) {
      try {
        await this.ready
        await this.#request('shutdown', null)
        this.#child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'exit' }) + '\n')
        this.#child.stdin.end()
      } catch {
        this.#child.stdin.end()
      }
    }
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 20000)
    const status = await this.#exit
    clearTimeout(timer)
    return status
  }
}

function osSignal(name) {
  const numbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }
  return numbers[name] || 0
}

/** `invoke()`'s `options.headers` (a `Headers`, pairs or a record) as a record of strings. */
function requestHeaders (h) {
  const out = {}
  if (!h) return out
  const entries = typeof h.entries === 'function' && !Array.isArray(h) ? Array.from(h.entries()) : Array.isArray(h) ? h : Object.entries(h)
  for (const [k, v] of entries) if (v !== undefined) out[String(k).toLowerCase()] = String(v)
  return out
}

/** Spawns `bridge serve` with options that mirror the CLI. */
export function spawnBridge(options = {}) {
  return new Bridge(options)
}
