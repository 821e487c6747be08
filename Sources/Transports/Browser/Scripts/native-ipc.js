;(function () {
  'use strict'
  if (window.__BRIDGE__ && window.__BRIDGE__.connected) return
  var config = __BRIDGE_NATIVE_CONFIG__
  var page = config.page || (window.__BRIDGE__ && window.__BRIDGE__.page) || String(window.crypto.getRandomValues(new Uint32Array(2)).join('-'))

  // The hooks: h15's overlay and tests replace them. Each gets the notification's params.
  var bridge = window.__BRIDGE__ = window.__BRIDGE__ || {}
  bridge.url = config.url
  bridge.page = page
  bridge.presentations = bridge.presentations || []
  bridge.warnings = bridge.warnings || []
  bridge.events = bridge.events || []
  if (typeof bridge.onPresentation !== 'function') bridge.onPresentation = function (params) {}
  if (typeof bridge.onWarning !== 'function') bridge.onWarning = function (params) {
    for (var i = 0; i < (params.warnings || []).length; i++) console.warn('[bridge] ' + params.warnings[i].message)
  }
  if (typeof bridge.onEvent !== 'function') bridge.onEvent = function (params) {}
  bridge.sheets = bridge.sheets || []
  // Calls nothing answered (bridge/unhandled): named in the console, never silently missing.
  bridge.unhandled = bridge.unhandled || []
  if (typeof bridge.onUnhandled !== 'function') bridge.onUnhandled = function (params) {
    console.warn('[bridge] ' + params.command + ' (' + params.kind + ') had no answer: ' + params.message)
  }

  // The sheet overlay: the bridge's rendering of the sheet, over the page, in a shadow root (its
  // styles and the page's stay apart); the buttons keep their accessible names.
  function answerSheet(id, answer) {
    var body = { sheet: id }
    if (answer && answer.cancel) body.cancel = true
    else body.activity = answer && answer.activity
    return fetch(config.url + '__bridge/sheet', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'Tauri-Invoke-Key': config.key, 'Bridge-Page': page }
    }).then(function (response) {
      return response.text().then(function (text) {
        if (!response.ok) throw new Error(text.replace(/\n$/, ''))
        return JSON.parse(text)
      })
    })
  }
  bridge.answerSheet = answerSheet

  // One command call with the bridge's whole answer, {ok, value, error, id} (`error`: the
  // Bridge-Error object {code, message, data}; `id`: the call's id, which its presentation and
  // warnings carry): for the page's own shims (navigator.share), which need the code where
  // invoke() gives only the message. Labels as the script's invoke sends them.
  bridge.call = function (cmd, payload) {
    var meta = window.__TAURI_INTERNALS__ && window.__TAURI_INTERNALS__.metadata
    var headers = { 'Content-Type': 'application/json', 'Tauri-Invoke-Key': config.key, 'Bridge-Page': page }
    if (meta && meta.currentWindow && meta.currentWebview) {
      headers['Bridge-Window'] = meta.currentWindow.label
      headers['Bridge-Webview'] = meta.currentWebview.label
    }
    return fetch(config.url + '__bridge/call/' + encodeURIComponent(cmd), { method: 'POST', body: JSON.stringify(payload || {}), headers: headers })
      .then(function (response) {
        var error = null
        try { error = JSON.parse(response.headers.get('Bridge-Error') || 'null') } catch (e) {}
        return response.text().then(function (text) {
          var value = text
          try { value = JSON.parse(text) } catch (e) {}
          return { ok: response.headers.get('Tauri-Response') === 'ok', value: value, error: error, id: response.headers.get('Bridge-Call') }
        })
      })
  }

  function overlayFor(id) {
    return document.querySelector('[data-bridge-sheet="' + String(id).replace(/["\\]/g, '') + '"]')
  }

  // Styles that a page's Content-Security-Policy cannot block (`style-src 'self'` blocks style
  // attributes and <style> elements): CSSOM properties on the host, and the sheet's CSS as a
  // constructed stylesheet adopted by the shadow root (the overlay's markup has no style
  // attribute). A browser without constructed stylesheets gets a <style> element.
  var hostStyle = { position: 'fixed', inset: '0', 'z-index': '2147483647', overflow: 'auto', background: 'rgba(0,0,0,.25)' }
  function adoptStyles(root, css) {
    try {
      if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in root) {
        var sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        root.adoptedStyleSheets = [sheet]
        return
      }
    } catch (e) {}
    var style = document.createElement('style')
    style.textContent = css
    root.appendChild(style)
  }

  function showSheet(params) {
    if (overlayFor(params.sheet)) return
    var host = document.createElement('div')
    host.setAttribute('data-bridge-sheet', params.sheet)
    for (var property in hostStyle) host.style.setProperty(property, hostStyle[property])
    var root = host.attachShadow({ mode: 'open' })
    if (params.error) {
      root.textContent = '[bridge] ' + params.error
    } else {
      adoptStyles(root, params.css)
      var holder = document.createElement('div')
      holder.innerHTML = params.html
      root.appendChild(holder)
    }
    root.addEventListener('click', function (e) {
      var button = e.target && e.target.closest ? e.target.closest('button') : null
      if (!button) return
      var answer
      if (button.hasAttribute('data-activity-type')) answer = { activity: button.getAttribute('data-activity-type') }
      else if (button.hasAttribute('data-package')) answer = { activity: button.getAttribute('data-package') }
      else if (button.getAttribute('data-activity') === 'cancel' || button.getAttribute('data-activity') === 'copy') answer = { cancel: true }
      else return
      answerSheet(params.sheet, answer).catch(function (err) {
        console.error('[bridge] ' + err.message)
        closeSheet(params.sheet)
      })
    })
    ;(document.body || document.documentElement).appendChild(host)
    fitSheet(host)
    restack()
  }

  // Only the sheet on top takes input: one presented over another (frak-share's topmost
  // present) leaves the one below covered, as UIKit's presenting view is under a modal.
  function restack() {
    var hosts = document.querySelectorAll('[data-bridge-sheet]')
    for (var i = 0; i < hosts.length; i++) {
      if (i < hosts.length - 1) hosts[i].setAttribute('inert', '')
      else hosts[i].removeAttribute('inert')
    }
  }

  // The device is drawn at its size in points; it is scaled down to fit the window, so the whole
  // sheet is seen (and clickable) without scrolling.
  function fitSheet(host) {
    var stage = host.shadowRoot && host.shadowRoot.querySelector('.stage')
    var screen = stage && stage.querySelector('.screen')
    if (!screen) return
    stage.style.zoom = '1'
    var r = screen.getBoundingClientRect()
    var zoom = Math.min(1, (window.innerHeight - 16) / (r.height + 68), (window.innerWidth - 16) / (r.width + 68))
    stage.style.zoom = String(Math.max(0.25, zoom))
  }
  window.addEventListener('resize', function () {
    var hosts = document.querySelectorAll('[data-bridge-sheet]')
    for (var i = 0; i < hosts.length; i++) fitSheet(hosts[i])
  })

  function closeSheet(id) {
    var host = overlayFor(id)
    if (host) host.remove()
    restack()
  }

  if (typeof bridge.onSheet !== 'function') bridge.onSheet = function (params) {
    if (params.state === 'shown') showSheet(params)
    else closeSheet(params.sheet)
  }

  // Runs callback `id` as Rust's webview.eval does: through runCallback (Tauri >= 2.3), or the
  // window property `_<id>` that earlier 2.x transformCallback defines.
  function runCallback(id, data) {
    var internals = window.__TAURI_INTERNALS__
    if (internals && internals.callbacks && typeof internals.runCallback === 'function' && internals.callbacks.has(id)) {
      internals.runCallback(id, data)
      return true
    }
    var f = window['_' + id]
    if (typeof f === 'function') { f(data); return true }
    return false
  }
  bridge.runCallback = runCallback

  function dispatch(name, params) {
    try { window.dispatchEvent(new CustomEvent(name, { detail: params })) } catch (e) {}
  }

  function connect() {
    if (typeof EventSource !== 'function') return
    var source = new EventSource(config.url + '__bridge/events?key=' + encodeURIComponent(config.key) + '&page=' + encodeURIComponent(page))
    bridge.eventSource = source
    source.addEventListener('callback', function (e) {
      var m = JSON.parse(e.data)
      runCallback(m.callback, m.payload)
    })
    // Each bridge notification is kept in its list, dispatched as a DOM event and handed to its
    // hook (looked up at delivery, so a page may replace the hook at any time).
    function keep(name, list, hook) {
      source.addEventListener('bridge/' + name, function (e) {
        var params = JSON.parse(e.data)
        bridge[list].push(params)
        dispatch('bridge:' + name, params)
        bridge[hook](params)
      })
    }
    keep('presentation', 'presentations', 'onPresentation')
    keep('warning', 'warnings', 'onWarning')
    keep('sheet', 'sheets', 'onSheet')
    keep('event', 'events', 'onEvent')
    keep('unhandled', 'unhandled', 'onUnhandled')
    // plugin-process ended the app. `exit`: the page is told (`bridge.exited`, `bridge:exit`),
    // as the app's webview would be gone. `restart`: once the old bridge has closed the stream,
    // the page reloads as soon as the new one answers, as the app's webview starts again.
    source.addEventListener('bridge/exit', function (e) {
      bridge.exited = JSON.parse(e.data)
      source.close()
      dispatch('bridge:exit', bridge.exited)
    })
    source.addEventListener('bridge/restart', function (e) {
      bridge.restarting = true
      dispatch('bridge:restart', JSON.parse(e.data))
      source.addEventListener('error', function () {
        source.close()
        // Polled every 100 ms, then less often (up to a second) for five minutes: a bridge
        // starting again on a busy machine takes what it takes, as an app's restart does.
        var started = Date.now(), wait = 100
        function again() {
          fetch(config.url + '__bridge/ipc.js', { cache: 'no-store' })
            .then(function (r) { if (r.ok) location.reload(); else retry() }, retry)
        }
        function retry() {
          if (Date.now() - started > 300000) return console.error('[bridge] the bridge did not start again within five minutes; reload the page once it runs')
          setTimeout(again, wait)
          wait = Math.min(1000, Math.round(wait * 1.5))
        }
        again()
      })
    })
    source.addEventListener('ready', function () {
      bridge.ready = true
      dispatch('bridge:ready', { page: page })
    })
  }

  // The message handler Tauri's ipc-protocol.js falls back to (window.ipc.postMessage).
  if (!window.ipc) {
    Object.defineProperty(window, 'ipc', {
      value: Object.freeze({
        postMessage: function (message) {
          var parsed
          try { parsed = JSON.parse(message) } catch (e) { console.error('[bridge] window.ipc.postMessage needs a JSON string', e); return }
          fetch(config.url + '__bridge/post-message', {
            method: 'POST',
            body: message,
            headers: { 'Content-Type': 'application/json', 'Bridge-Page': page }
          })
            .then(function (response) {
              var ok = response.headers.get('Tauri-Response') === 'ok'
              var type = (response.headers.get('content-type') || '').split(',')[0]
              return (type.indexOf('application/json') === 0 ? response.json() : response.text()).then(function (body) {
                if (response.status >= 400 && type.indexOf('text/plain') === 0) {
                  // Refused before it reached a command (a wrong key): Tauri would log it and drop it.
                  console.error('[bridge] ' + body)
                }
                runCallback(ok ? parsed.callback : parsed.error, body)
              })
            })
            .catch(function (e) { runCallback(parsed.error, String(e)) })
        }
      })
    })
  }

  bridge.connected = true
  connect()
})()
