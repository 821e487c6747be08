#ifndef BRIDGE_TRANSFER_H
#define BRIDGE_TRANSFER_H

// One download: its request, its libcurl easy handle and callbacks, and how it ends.
// Everything here runs on the event-loop thread, except `bridge_transfer_new`.

#include "BridgeHTTP.h"
#include "DeadlineHeap.h"
#include "LibCurl.h"

typedef struct bridge_transfer {
    struct bridge_transfer *next;        // in the loop's inbox
    struct bridge_transfer *table_next;  // in the loop's table by id
    uint64_t id;
    CURL *easy;
    const bridge_libcurl *curl;
    char *url;
    char *destination;
    char *ca_file;
    char scheme[8];
    int64_t max_bytes;
    int32_t connect_timeout_ms;
    int32_t read_timeout_ms;
    int32_t max_redirects;
    void *context;
    bridge_http_completion completion;
    int fd;
    int32_t status;       // of the latest response
    int answered;         // the 2xx response's headers are in: the body is the download
    int64_t bytes;
    bridge_deadline deadline;  // connect deadline until answered, then read deadline
    char location_scheme[16];
    char reason[384];     // why a callback stopped the transfer
    char error[CURL_ERROR_SIZE];
    // Fetch mode (the http plugin's passthrough).
    int fetch;
    char *method;
    char **headers;
    int32_t header_count;
    struct curl_slist *header_list;
    uint8_t *body;
    int64_t body_length;
    char *response_headers;  // the latest response's header lines
    size_t response_headers_length;
} bridge_transfer;

/// A monotonic clock in nanoseconds.
int64_t bridge_now_ns(void);

/// A transfer for `request` (strings copied), or NULL when out of memory.
bridge_transfer *bridge_transfer_new(uint64_t id, const bridge_http_request *request, void *context,
                                     bridge_http_completion completion);

/// Frees a transfer's copies and the transfer (not its easy handle).
void bridge_transfer_free(bridge_transfer *t);

/// Whether `url` is an http or https URL; writes its lowercase scheme.
int bridge_transfer_scheme(const char *url, char scheme[8]);

/// Creates and configures the easy handle; 0 on success, else the reason is in `reason`.
int bridge_transfer_prepare(bridge_transfer *t, const bridge_libcurl *curl);

/// The reason a transfer that libcurl finished with `code` failed, or NULL when it succeeded.
const char *bridge_transfer_verdict(bridge_transfer *t, const bridge_libcurl *curl, CURLcode code);

/// The reason a transfer whose deadline passed failed.
const char *bridge_transfer_timeout_reason(bridge_transfer *t);

/// Reports the outcome to the completion (once), then frees the transfer. The easy handle must
/// already be out of the multi handle.
void bridge_transfer_finish(bridge_transfer *t, const bridge_libcurl *curl, bridge_http_outcome outcome,
                            const char *reason);

#endif
