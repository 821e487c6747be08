// The oracle page: asks the Python side for the call table, runs each call through
// window.__TAURI_INTERNALS__.invoke exactly as a front end would, and reports every outcome
// ({ok: value} or {err: reason}) back to Python, which writes them and exits the app.
'use strict'

const internals = window.__TAURI_INTERNALS__
const CALL_TIMEOUT_MS = 5000
const IPC_TIMEOUT_MS = 3000

// The invoke key is a constant inside ipc-protocol.js's closure: learn it from the first
// request that script sends through fetch.
let invokeKey = null
const realFetch = window.fetch
window.fetch = function (url, init) {
  if (invokeKey === null) {
    // a plain object in Tauri 2.0, a Headers object since 2.5
    const headers = new Headers((init && init.headers) || (url instanceof Request ? url.headers : undefined))
    invokeKey = headers.get('Tauri-Invoke-Key')
  }
  return realFetch.call(this, url, init)
}

// A raw request to the IPC custom protocol, as ipc-protocol.js sends one: the HTTP status, the
// Tauri-Response and Content-Type headers and the body text, or no answer within 3 s.
async function rawIpc(call) {
  const spec = call.ipc
  const headers = {}
  for (const [k, v] of Object.entries(spec.headers)) headers[k] = v === '$key' ? invokeKey : v
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), IPC_TIMEOUT_MS)
  try {
    const init = { method: spec.method, headers, signal: controller.signal }
    if (spec.body !== null) init.body = spec.body
    const response = await realFetch('ipc://localhost/' + encodeURIComponent(call.cmd), init)
    const body = await response.text()
    return {
      ok: {
        status: response.status,
        'tauri-response': response.headers.get('Tauri-Response'),
        'content-type': response.headers.get('Content-Type'),
        body: invokeKey ? body.split(invokeKey).join('<key>') : body
      }
    }
  } catch (e) {
    if (controller.signal.aborted) return { timeout: 'no answer within 3 s' }
    return { err: 'fetch failed: ' + errorText(e) }
  } finally {
    clearTimeout(timer)
  }
}

// pytauri takes and answers raw bytes (`InvokeBody::Raw`): the JSON goes both ways as bytes.
async function py(name, body) {
  const bytes = new TextEncoder().encode(JSON.stringify(body))
  const answer = await internals.invoke('plugin:pytauri|pyfunc', bytes, { headers: { pyfunc: name } })
  return answer instanceof ArrayBuffer ? JSON.parse(new TextDecoder().decode(answer)) : answer
}

function status(text) {
  document.getElementById('status').textContent = text
}

// Bytes, also inside a channel message, become a plain number array: what the bridge answers
// for a raw response.
function plain(value) {
  if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value))
  if (ArrayBuffer.isView(value)) return Array.from(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
  if (value === undefined) return null
  if (Array.isArray(value)) return value.map(plain)
  if (value !== null && typeof value === 'object') {
    const out = {}
    for (const [k, v] of Object.entries(value)) out[k] = plain(v)
    return out
  }
  return value
}

function errorText(e) {
  if (typeof e === 'string') return e
  if (e instanceof Error) return 'Error: ' + e.message
  return plain(e)
}

// What each call's callback or channel received (a listener's events, a body's chunks), by call id.
const deliveries = {}

// Placeholders in a call's args: {"$callback": true} a callback id, {"$channel": true} a
// Channel, each recording what it receives; {"$ref": ID, "key": K} an earlier call's result.
function substitute(value, results, channels, id) {
  const again = (v) => substitute(v, results, channels, id)
  if (Array.isArray(value)) return value.map(again)
  if (value === null || typeof value !== 'object') return value
  if (value.$callback) {
    const received = (deliveries[id] = [])
    return internals.transformCallback((e) => received.push(plain(e)))
  }
  if (value.$channel) {
    // A raw channel: its callback sees each message as the IPC sends it ({index, message} and
    // {index, end}), before the Channel class would reorder or unwrap them.
    const received = (deliveries[id] = [])
    channels.push(received)
    return '__CHANNEL__:' + internals.transformCallback((m) => received.push(plain(m)))
  }
  if ('$ref' in value) {
    const earlier = results[value.$ref]
    const ok = earlier && 'ok' in earlier ? earlier.ok : null
    return value.key !== undefined && ok !== null && typeof ok === 'object' ? ok[value.key] : ok
  }
  const out = {}
  for (const [k, v] of Object.entries(value)) out[k] = again(v)
  return out
}

function withTimeout(promise) {
  let timer
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ timeout: CALL_TIMEOUT_MS }), CALL_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

async function runOne(call, results) {
  if (call.ipc) return rawIpc(call)
  const channels = []
  const args = call.raw !== undefined
    ? new TextEncoder().encode(call.raw)
    : substitute(call.args === undefined ? {} : call.args, results, channels, call.id)
  const options = call.headers ? { headers: call.headers } : undefined
  const outcome = await withTimeout(
    internals.invoke(call.cmd, args, options).then(
      (value) => ({ ok: plain(value) }),
      (e) => ({ err: errorText(e) })
    )
  )
  if (channels.length) await new Promise((resolve) => setTimeout(resolve, 300))
  return outcome
}

async function main() {
  const calls = await py('calls', {})
  const results = {}
  for (const call of calls) {
    status('running ' + call.id)
    try {
      results[call.id] = await runOne(call, results)
    } catch (e) {
      results[call.id] = { err: 'runner: ' + errorText(e) }
    }
  }
  status('reporting')
  await new Promise((resolve) => setTimeout(resolve, 300)) // events still on their way
  await py('report', { results, deliveries, metadata: internals.metadata, hasGlobal: !!window.__TAURI__ })
}

window.addEventListener('error', (e) => { py('log', { error: String(e.message) }) })
main().catch((e) => py('report', { fatal: errorText(e) }))
