;(function () {
  'use strict'
  var internals = window.__TAURI_INTERNALS__
  if (!internals || !internals.invoke) return
  var settable = false
  var value = 'default'
  function setPermission(v) {
    settable = true
    window.Notification.permission = v
    settable = false
  }
  function send(options) {
    if (typeof options === 'object') Object.freeze(options)
    return internals.invoke('plugin:notification|notify', { options: typeof options === 'string' ? { title: options } : options })
  }
  var Notification = function (title, options) {
    var opts = options || {}
    void send(Object.assign(opts, { title: title }))
  }
  Notification.requestPermission = function () {
    return internals.invoke('plugin:notification|request_permission').then(function (state) {
      setPermission(state === 'prompt' || state === 'prompt-with-rationale' ? 'default' : state)
      return state
    })
  }
  Object.defineProperty(Notification, 'permission', {
    enumerable: true,
    get: function () { return value },
    set: function (v) {
      if (!settable) throw new Error('Readonly property')
      value = v
    }
  })
  window.Notification = Notification
  var granted = (value !== 'default' || __WINDOWS__)
    ? Promise.resolve(value === 'granted')
    : internals.invoke('plugin:notification|is_permission_granted')
  void granted.then(function (answer) {
    setPermission(answer === null ? 'default' : answer ? 'granted' : 'denied')
  })
})()
