;(function () {
  'use strict'
  var config = __BRIDGE_SHARE_CONFIG__
  var bridge = window.__BRIDGE__
  var nav = window.navigator
  if (!bridge || typeof bridge.call !== 'function' || typeof Navigator !== 'function') return
  // Defined once: a page that loads both /__bridge/tauri.js and /__bridge/ipc.js keeps the first.
  if (bridge.webShare === 'bridge') return
  if (!config.replace && (typeof nav.share === 'function' || !config.mobile)) {
    bridge.webShare = typeof nav.share === 'function' ? 'browser' : 'none'
    return
  }
  if (!window.isSecureContext) { bridge.webShare = 'none'; return }

  // [[sharePromise]]: a share of this page is in progress.
  var inProgress = false

  function usv(value) {
    var s = `${value}`  // ToString: a Symbol throws a TypeError, as WebIDL's conversion does
    return typeof s.toWellFormed === 'function' ? s.toWellFormed()
      : s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  }

  // WebIDL's conversion of the ShareData dictionary (members read in their sorted order).
  function toShareData(data, method) {
    var where = "Failed to execute '" + method + "' on 'Navigator': "
    if (data === undefined || data === null) return {}
    if (typeof data !== 'object' && typeof data !== 'function') throw new TypeError(where + "The provided value is not of type 'ShareData'.")
    var out = {}
    var files = data.files
    if (files !== undefined) {
      if (files === null || (typeof files !== 'object' && typeof files !== 'function') || typeof files[Symbol.iterator] !== 'function') {
        throw new TypeError(where + "Failed to read the 'files' property from 'ShareData': The provided value cannot be converted to a sequence.")
      }
      out.files = []
      for (var file of files) {
        if (!(file instanceof File)) throw new TypeError(where + "Failed to read the 'files' property from 'ShareData': Failed to convert value to 'File'.")
        out.files.push(file)
      }
    }
    ;['text', 'title', 'url'].forEach(function (member) {
      var value = data[member]
      if (value !== undefined) out[member] = usv(value)
    })
    return out
  }

  function bodyBytes(file) {
    return Math.ceil(file.size / 3) * 4 + encodeURIComponent(file.name).length + file.type.length + 64
  }

  // "Validate share data", with the plugin's caps on files as the hostile-share rule: why the
  // data cannot be shared, or null.
  function problem(d) {
    var textual = d.title !== undefined || d.text !== undefined || d.url !== undefined
    if (!textual && d.files === undefined) return 'at least one of title, text, url or files must be given'
    if (d.files !== undefined) {
      if (!textual && d.files.length === 0) return 'files is empty and nothing else is given'
      if (d.files.length > config.maxFiles) return d.files.length + ' files, over the ' + config.maxFiles + '-file cap'
      var total = 0, body = 0
      for (var i = 0; i < d.files.length; i++) {
        var f = d.files[i]
        if (f.size === 0) return 'files[' + i + '] (' + f.name + ') is empty: there is nothing to share'
        if (f.size > config.maxFileBytes) return 'files[' + i + '] (' + f.name + ') is ' + f.size + ' bytes, over the ' + config.maxFileBytes + '-byte per-file cap'
        total += f.size
        body += bodyBytes(f)
      }
      if (total > config.maxTotalBytes) return 'the files weigh ' + total + ' bytes, over the ' + config.maxTotalBytes + '-byte total cap'
      if (body > config.maxBodyBytes) return 'the files need about ' + body + ' bytes as data: URLs, over the bridge\'s ' + config.maxBodyBytes + '-byte request cap (--max-message-bytes)'
    }
    if (d.url !== undefined) {
      var url
      try { url = new URL(d.url, document.baseURI) } catch (e) { return 'Invalid URL: ' + JSON.stringify(d.url) }
      var scheme = url.protocol.slice(0, -1)
      if (config.refusedSchemes.indexOf(scheme) >= 0) return 'the url has the scheme ' + scheme + ':, which Web Share does not share'
    }
    return null
  }

  // A File as a data: URL that keeps its name (the name parameter) and its type's essence.
  function readFile(file) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader()
      reader.onload = function () {
        var result = String(reader.result)
        var essence = file.type.split(';')[0].trim()
        var type = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) ? essence : 'application/octet-stream'
        resolve('data:' + type + ';name=' + encodeURIComponent(file.name) + ';base64,' + result.slice(result.indexOf(',') + 1))
      }
      reader.onerror = function () { reject(reader.error) }
      reader.readAsDataURL(file)
    })
  }

  // The plugin's answer as the DOMException Web Share gives for it.
  function failure(answer) {
    var error = answer.error || {}
    var message = error.message || (typeof answer.value === 'string' ? answer.value : 'the share failed')
    switch (error.code) {
      case -32003:
        if (message === 'Share canceled') return new DOMException(message, 'AbortError')
        if (message === "Can't share while sharing is in progress") return new DOMException(message, 'InvalidStateError')
        return new DOMException(message, 'DataError')
      case -32602: return new TypeError(message)
      case -32001: return new DOMException(message, 'NotAllowedError')
      case -32002: case -32800: return new DOMException(message, 'AbortError')
      default: return new DOMException(message, 'DataError')
    }
  }

  var methods = {
    share: function () {
      if (!(this instanceof Navigator)) return Promise.reject(new TypeError('Illegal invocation'))
      var d
      try { d = toShareData(arguments[0], 'share') } catch (e) { return Promise.reject(e) }
      if (inProgress) return Promise.reject(new DOMException('An earlier share has not yet completed.', 'InvalidStateError'))
      if (nav.userActivation && !nav.userActivation.isActive) {
        return Promise.reject(new DOMException('Must be handling a user gesture to perform a share request.', 'NotAllowedError'))
      }
      var why = problem(d)
      if (why) return Promise.reject(new TypeError("Failed to execute 'share' on 'Navigator': " + why))
      var args = {}
      if (d.title !== undefined) args.title = d.title
      if (d.text !== undefined) args.text = d.text
      if (d.url !== undefined) args.url = new URL(d.url, document.baseURI).href
      inProgress = true
      return Promise.all((d.files || []).map(readFile))
        .then(function (files) {
          if (files.length) args.files = files
          return bridge.call('plugin:share|share', args).catch(function (e) {
            throw new DOMException('the bridge at ' + bridge.url + ' could not be reached: ' + String(e), 'DataError')
          })
        }, function (e) {
          throw new DOMException('a file could not be read: ' + String(e), 'DataError')
        })
        .then(function (answer) {
          // The call's id: its record in bridge.presentations has it, resolved or rejected.
          bridge.lastShareId = answer.id
          if (!answer.ok) throw failure(answer)
          bridge.lastShare = answer.value
        })
        .finally(function () { inProgress = false })
    },
    canShare: function () {
      if (!(this instanceof Navigator)) throw new TypeError('Illegal invocation')
      return problem(toShareData(arguments[0], 'canShare')) === null
    }
  }
  for (var name in methods) {
    Object.defineProperty(Navigator.prototype, name, { value: methods[name], writable: true, enumerable: true, configurable: true })
  }
  bridge.webShare = 'bridge'
})()
