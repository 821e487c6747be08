#ifndef BRIDGE_HTTP_H
#define BRIDGE_HTTP_H

// Downloads for the bridge: libcurl's multi interface on one event-loop thread.
//
// libcurl (`libcurl.so.4`, the system's) is loaded with dlopen on the first download, so a
// process that downloads nothing never maps it, and the bridge is one executable with no
// library of its own beside it. Every download runs on the same single thread, whatever
// their number; each ends with exactly one call of its completion, on that thread.

#include <stdint.h>

#include "BridgeSocketSet.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What to download and the rules it follows (Android's HttpURLConnection as the share
/// plugin configures it):
/// - `connect_timeout_ms`: no response headers within this time fails the download
///   ("connect timeout"); curl's own connect timeout is set to the same value;
/// - `read_timeout_ms`: once the 2xx headers are in, no body bytes for this long fails it
///   ("read timeout"); curl's low-speed limit backs it up;
/// - redirects are followed only to the URL's own scheme (never http -> https), at most
///   `max_redirects`;
/// - 2xx only; the body is streamed to `destination` (created or truncated) and stopped
///   as soon as it passes `max_bytes` (a larger Content-Length is refused up front);
/// - `ca_file`: a PEM bundle of the certificate authorities to trust for https, or NULL
///   for the system's.
/// The strings are copied; they need only live for the call to `bridge_http_start`.
typedef struct bridge_http_request {
    const char *url;
    const char *destination;
    const char *ca_file;
    int64_t max_bytes;
    int32_t connect_timeout_ms;
    int32_t read_timeout_ms;
    int32_t max_redirects;
    /// Fetch mode (`fetch` non-zero, the http plugin's passthrough): `method` (NULL: GET), the
    /// `header_count` request `headers` ("Name: value"), a `body` of `body_length` bytes (NULL:
    /// none); any status is the answer, redirects follow between http and https (none when
    /// `max_redirects` is 0), and the result carries the final response's headers.
    int32_t fetch;
    const char *method;
    const char *const *headers;
    int32_t header_count;
    const uint8_t *body;
    int64_t body_length;
} bridge_http_request;

/// How a download ended.
typedef enum bridge_http_outcome {
    BRIDGE_HTTP_OK = 0,
    BRIDGE_HTTP_FAILED = 1,
    BRIDGE_HTTP_CANCELLED = 2,
} bridge_http_outcome;

/// The result handed to the completion. Strings may be NULL and are valid only during the
/// completion call. `status` is 0 when no response arrived.
typedef struct bridge_http_result {
    bridge_http_outcome outcome;
    int32_t status;
    int32_t redirects;
    int64_t bytes;
    const char *content_type;
    const char *final_url;
    const char *reason;
    /// Fetch mode: the final response's header lines, each "name: value\n" as received.
    const char *headers;
} bridge_http_result;

/// Called exactly once per download, on the event-loop thread (or, when libcurl cannot be
/// loaded, on the caller's thread before `bridge_http_start` returns). It must not block.
typedef void (*bridge_http_completion)(void *context, const bridge_http_result *result);

/// Starts a download; returns its id for `bridge_http_cancel`, or 0 when it could not start
/// (the completion has then already been called with the reason).
uint64_t bridge_http_start(const bridge_http_request *request, void *context, bridge_http_completion completion);

/// Cancels a download: its completion reports `BRIDGE_HTTP_CANCELLED` at once, unless it
/// already finished (then this does nothing). Safe from any thread, with any id.
void bridge_http_cancel(uint64_t id);

/// How many downloads are in flight, whether libcurl is loaded, and how much the loop works per
/// wake-up (for tests and benchmarks).
typedef struct bridge_http_stats {
    int64_t in_flight;
    int32_t libcurl_loaded;
    int32_t loop_threads;
    /// How often the loop thread has woken (an event, a deadline, a timer, a caller).
    uint64_t loop_wakeups;
    /// The transfers the loop's own code has visited since it started: one per socket event
    /// handed to libcurl, per deadline examined, per transfer admitted, cancelled or finished.
    /// Divided by `loop_wakeups`, the work of one wake-up: it must not grow with the number of
    /// transfers that have nothing to do.
    uint64_t transfers_visited;
} bridge_http_stats;

/// A snapshot of the engine's state.
bridge_http_stats bridge_http_statistics(void);

#ifdef __cplusplus
}
#endif

#endif
