;(function () {
  'use strict'
  if (window.__TAURI_INTERNALS__ && window.__TAURI_INTERNALS__.invoke) {
    console.warn('[bridge] __TAURI_INTERNALS__ is already defined; /__bridge/tauri.js left it as it is')
    return
  }
  var config = __BRIDGE_CONFIG__
  // The key stays in this closure, as Tauri keeps __TAURI_INVOKE_KEY__ out of the object.
  var invokeKey = config.key
  var page = String(window.crypto.getRandomValues(new Uint32Array(2)).join('-'))
  var SERIALIZE_TO_IPC_FN = '__TAURI_TO_IPC_KEY__'

  Object.defineProperty(window, 'isTauri', { value: true })
  if (!window.__TAURI_INTERNALS__) {
    Object.defineProperty(window, '__TAURI_INTERNALS__', { value: { plugins: {} } })
  }
  var internals = window.__TAURI_INTERNALS__
  if (!internals.plugins) internals.plugins = {}

  function uid() {
    return window.crypto.getRandomValues(new Uint32Array(1))[0]
  }

  var callbacks = new Map()

  function registerCallback(callback, once) {
    var identifier = uid()
    var prop = '_' + identifier
    callbacks.set(identifier, function (data) {
      if (once) unregisterCallback(identifier)
      return callback && callback(data)
    })
    Object.defineProperty(window, prop, {
      value: function (data) {
        var f = callbacks.get(identifier)
        if (f) return f(data)
      },
      writable: false,
      configurable: true
    })
    return identifier
  }

  function unregisterCallback(id) {
    callbacks.delete(id)
    Reflect.deleteProperty(window, '_' + id)
  }

  function runCallback(id, data) {
    var callback = callbacks.get(id)
    if (callback) {
      callback(data)
    } else {
      console.warn('[TAURI] Couldn\'t find callback id ' + id + '. This might happen when the app is reloaded while Rust is running an asynchronous operation.')
    }
  }

  Object.defineProperty(internals, 'transformCallback', { value: registerCallback })
  Object.defineProperty(internals, 'unregisterCallback', { value: unregisterCallback })
  Object.defineProperty(internals, 'runCallback', { value: runCallback })
  Object.defineProperty(internals, 'callbacks', { value: callbacks })

  Object.defineProperty(internals, 'convertFileSrc', {
    value: function (filePath, protocol) {
      protocol = protocol || 'asset'
      var path = encodeURIComponent(filePath)
      if (protocol === 'ipc') return config.url + path
      // Android and Windows name a file http://<protocol>.localhost/<path>: a page served at
      // tauri.localhost (whose subdomains the browser resolves to loopback) gets that form.
      if ((config.platform === 'android' || config.platform === 'windows') && location.hostname === 'tauri.localhost') {
        return 'http://' + protocol + '.localhost:' + location.port + '/' + path
      }
      return config.url + '__bridge/' + protocol + '/' + path
    }
  })

  function processIpcMessage(message) {
    if (message instanceof ArrayBuffer || ArrayBuffer.isView(message) || Array.isArray(message)) {
      return { contentType: 'application/octet-stream', data: message }
    }
    var data = JSON.stringify(message, function (_k, val) {
      if (val instanceof Map) {
        var o = {}
        val.forEach(function (v, k) { o[k] = v })
        return o
      } else if (val instanceof Uint8Array) {
        return Array.from(val)
      } else if (val instanceof ArrayBuffer) {
        return Array.from(new Uint8Array(val))
      } else if (typeof val === 'object' && val !== null && SERIALIZE_TO_IPC_FN in val && typeof val[SERIALIZE_TO_IPC_FN] === 'function') {
        return val[SERIALIZE_TO_IPC_FN]()
      } else if (val instanceof Object && '__TAURI_CHANNEL_MARKER__' in val && typeof val.id === 'number') {
        return '__CHANNEL__:' + val.id
      }
      return val
    })
    return { contentType: 'application/json', data: data }
  }

  // listen() ids → their handler callbacks, so unregisterListener can drop the handler.
  var listenerHandlers = new Map()

  function sendIpcMessage(message) {
    var cmd = message.cmd, callback = message.callback, error = message.error, options = message.options
    var processed = processIpcMessage(message.payload)
    var headers = {
      'Content-Type': processed.contentType,
      'Tauri-Callback': callback,
      'Tauri-Error': error,
      'Tauri-Invoke-Key': invokeKey,
      'Bridge-Page': page,
      'Bridge-Window': internals.metadata.currentWindow.label,
      'Bridge-Webview': internals.metadata.currentWebview.label
    }
    // The app's headers override these, case-insensitively, a Headers object as a plain one
    // (tauri-apps/tauri#13227, Tauri 2.5: ipc-protocol.js builds a Headers and sets each entry).
    headers = new Headers(headers)
    if (options && options.headers) {
      var extra = options.headers instanceof Headers ? Array.from(options.headers.entries()) : Object.entries(options.headers)
      extra.forEach(function (pair) { headers.set(pair[0], pair[1]) })
    }
    fetch(internals.convertFileSrc(cmd, 'ipc'), { method: 'POST', body: processed.data, headers: headers })

      .then(function (response) {
        var cb = response.headers.get('Tauri-Response') === 'ok' ? callback : error
        switch ((response.headers.get('content-type') || '').split(',')[0].split(';')[0]) {
          case 'application/json':
            return response.json().then(function (r) { return [cb, r] })
          case 'text/plain':
            return response.text().then(function (r) { return [cb, r.replace(/\n$/, '')] })
          default:
            return response.arrayBuffer().then(function (r) { return [cb, r] })
        }
      })
      .then(function (pair) {
        if (cmd === 'plugin:event|listen' && pair[0] === callback && message.payload && typeof pair[1] === 'number') {
          listenerHandlers.set(pair[1], message.payload.handler)
        }
        runCallback(pair[0], pair[1])
      })
      .catch(function (e) {
        runCallback(error, 'the bridge at ' + config.url + ' could not be reached: ' + String(e))
      })
  }

  Object.defineProperty(internals, 'postMessage', { value: sendIpcMessage })
  Object.defineProperty(internals, 'ipc', { value: Object.freeze(function (message) { internals.postMessage(message) }) })

  Object.defineProperty(internals, 'invoke', {
    value: function (cmd, payload, options) {
      if (payload === undefined) payload = {}
      return new Promise(function (resolve, reject) {
        var callback = registerCallback(function (r) {
          resolve(r)
          unregisterCallback(error)
        }, true)
        var error = registerCallback(function (e) {
          reject(e)
          unregisterCallback(callback)
        }, true)
        internals.ipc({ cmd: cmd, callback: callback, error: error, payload: payload, options: options })
      })
    }
  })

  Object.defineProperty(internals, 'metadata', {
    value: {
      currentWindow: { label: config.window },
      currentWebview: { windowLabel: config.window, label: config.webview }
    }
  })
  internals.plugins.path = { sep: config.sep, delimiter: config.delimiter }

  Object.defineProperty(window, '__TAURI_EVENT_PLUGIN_INTERNALS__', {
    value: {
      unregisterListener: function (event, eventId) {
        var handler = listenerHandlers.get(eventId)
        listenerHandlers.delete(eventId)
        if (handler !== undefined) unregisterCallback(handler)
      }
    }
  })

  if (config.os) {
    Object.defineProperty(window, '__TAURI_OS_PLUGIN_INTERNALS__', { value: Object.freeze(config.os) })
  }

  window.__BRIDGE__ = window.__BRIDGE__ || {}
  window.__BRIDGE__.page = page
})()
