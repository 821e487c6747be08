// One download: configuring libcurl, its header and body callbacks, and its verdict.

#include "Transfer.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

// curl's low-speed check is whole seconds; ours is exact, so curl's only backs it up.
static long backup_seconds(int32_t ms) { return ms / 1000 + 2; }

int64_t bridge_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static char *copy(const char *s) { return s ? strdup(s) : NULL; }

int bridge_transfer_scheme(const char *url, char scheme[8]) {
    if (!url) return 0;
    if (strncasecmp(url, "http://", 7) == 0) {
        strcpy(scheme, "http");
        return 1;
    }
    if (strncasecmp(url, "https://", 8) == 0) {
        strcpy(scheme, "https");
        return 1;
    }
    return 0;
}

bridge_transfer *bridge_transfer_new(uint64_t id, const bridge_http_request *request, void *context,
                                     bridge_http_completion completion) {
    bridge_transfer *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->id = id;
    t->url = copy(request->url);
    t->destination = copy(request->destination);
    t->ca_file = (request->ca_file && *request->ca_file) ? copy(request->ca_file) : NULL;
    t->max_bytes = request->max_bytes;
    t->connect_timeout_ms = request->connect_timeout_ms;
    t->read_timeout_ms = request->read_timeout_ms;
    t->max_redirects = request->max_redirects;
    t->context = context;
    t->completion = completion;
    t->fd = -1;
    int copied = 1;
    if (request->fetch) {
        t->fetch = 1;
        t->method = copy(request->method ? request->method : "GET");
        copied &= t->method != NULL;
        if (request->header_count > 0) {
            t->headers = calloc((size_t)request->header_count, sizeof *t->headers);
            copied &= t->headers != NULL;
            for (int32_t i = 0; t->headers && i < request->header_count; i++) {
                t->headers[i] = copy(request->headers[i]);
                copied &= t->headers[i] != NULL;
            }
            t->header_count = t->headers ? request->header_count : 0;
        }
        if (request->body) {
            t->body = malloc(request->body_length > 0 ? (size_t)request->body_length : 1);
            copied &= t->body != NULL;
            if (t->body && request->body_length > 0) memcpy(t->body, request->body, (size_t)request->body_length);
            t->body_length = request->body_length;
        }
    }
    if (!copied || !t->url || !t->destination || (request->ca_file && *request->ca_file && !t->ca_file)) {
        bridge_transfer_free(t);
        return NULL;
    }
    bridge_transfer_scheme(t->url, t->scheme);
    return t;
}

// `Location: <scheme>://…` → the lowercase scheme; a relative reference keeps the current one.
static void note_location(bridge_transfer *t, const char *value, size_t length) {
    while (length && (*value == ' ' || *value == '\t')) value++, length--;
    size_t i = 0;
    while (i < length && i + 1 < sizeof t->location_scheme && value[i] != ':' && value[i] != '/' && value[i] != '?') i++;
    if (i + 2 < length && value[i] == ':' && value[i + 1] == '/' && value[i + 2] == '/') {
        for (size_t k = 0; k < i; k++) {
            char c = value[k];
            t->location_scheme[k] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
        }
        t->location_scheme[i] = 0;
    } else {
        strcpy(t->location_scheme, t->scheme);
    }
}

void bridge_transfer_free(bridge_transfer *t) {
    free(t->url);
    free(t->destination);
    free(t->ca_file);
    free(t->method);
    for (int32_t i = 0; i < t->header_count; i++) free(t->headers[i]);
    free(t->headers);
    free(t->body);
    free(t->response_headers);
    free(t);
}

// Opens the destination: this response's body is the answer (a fetch's temporary file is the
// caller's alone; a download's is read by the share natives).
static int answer_with_body(bridge_transfer *t) {
    if (t->fd >= 0) close(t->fd);
    t->fd = open(t->destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, t->fetch ? 0600 : 0644);
    if (t->fd < 0) {
        snprintf(t->reason, sizeof t->reason, "cannot write %s: %s", t->destination, strerror(errno));
        return 0;
    }
    t->answered = 1;
    bridge_deadline_set(&t->deadline, bridge_now_ns() + (int64_t)t->read_timeout_ms * 1000000LL);
    return 1;
}

// The end of one response's headers: decides whether this response is the download.
static int headers_complete(bridge_transfer *t) {
    int32_t s = t->status;
    if (s >= 100 && s < 200) return 1;  // interim
    if (t->fetch) {
        // A redirect curl follows is not the answer; anything else is, whatever its status.
        if (s >= 300 && s < 400 && t->location_scheme[0] && t->max_redirects > 0) return 1;
        return answer_with_body(t);
    }
    if (s >= 300 && s < 400 && t->location_scheme[0]) {
        if (strcmp(t->location_scheme, t->scheme) != 0) {
            snprintf(t->reason, sizeof t->reason,
                     "redirect from %s to %s not followed (HttpURLConnection follows same-scheme redirects only)",
                     t->scheme, t->location_scheme);
            return 0;
        }
        return 1;  // curl follows it (or reports too many redirects)
    }
    if (s < 200 || s > 299) {
        snprintf(t->reason, sizeof t->reason, "HTTP status %d, not 2xx", (int)s);
        return 0;
    }
    int64_t length = -1;
    if (t->curl->easy_getinfo(t->easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length) == CURLE_OK && length > t->max_bytes) {
        snprintf(t->reason, sizeof t->reason, "body of %lld bytes is larger than the %lld-byte cap",
                 (long long)length, (long long)t->max_bytes);
        return 0;
    }
    return answer_with_body(t);
}

// Fetch mode: keeps the latest response's header lines (at most 64 KiB of them).
static int keep_header(bridge_transfer *t, const char *data, size_t n, int status_line) {
    if (status_line) {
        t->response_headers_length = 0;
        if (t->response_headers) t->response_headers[0] = 0;
    }
    if (status_line || n <= 2) return 1;
    if (t->response_headers_length + n + 2 > 65536) {
        snprintf(t->reason, sizeof t->reason, "response headers larger than 64 KiB");
        return 0;
    }
    char *grown = realloc(t->response_headers, t->response_headers_length + n + 2);
    if (!grown) return 0;
    t->response_headers = grown;
    size_t length = n;
    while (length && (data[length - 1] == '\r' || data[length - 1] == '\n')) length--;
    memcpy(t->response_headers + t->response_headers_length, data, length);
    t->response_headers_length += length;
    t->response_headers[t->response_headers_length++] = '\n';
    t->response_headers[t->response_headers_length] = 0;
    return 1;
}

static size_t on_header(char *data, size_t size, size_t count, void *user) {
    bridge_transfer *t = user;
    size_t n = size * count;
    int status_line = n >= 5 && memcmp(data, "HTTP/", 5) == 0;
    if (t->fetch && !keep_header(t, data, n, status_line)) return 0;
    if (status_line) {
        const char *space = memchr(data, ' ', n);
        t->status = space ? (int32_t)strtol(space + 1, NULL, 10) : 0;
        t->location_scheme[0] = 0;
    } else if (n >= 9 && strncasecmp(data, "location:", 9) == 0) {
        size_t length = n - 9;
        while (length && (data[9 + length - 1] == '\r' || data[9 + length - 1] == '\n')) length--;
        note_location(t, data + 9, length);
    } else if ((n == 2 && data[0] == '\r' && data[1] == '\n') || (n == 1 && data[0] == '\n')) {
        if (!headers_complete(t)) return 0;
    }
    return n;
}

static size_t on_body(char *data, size_t size, size_t count, void *user) {
    bridge_transfer *t = user;
    size_t n = size * count;
    if (!t->answered) return n;  // the body of a response that is not the download
    if (t->bytes + (int64_t)n > t->max_bytes) {
        t->bytes += (int64_t)n;
        snprintf(t->reason, sizeof t->reason, "body larger than the %lld-byte cap", (long long)t->max_bytes);
        return 0;
    }
    size_t written = 0;
    while (written < n) {
        ssize_t w = write(t->fd, data + written, n - written);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            snprintf(t->reason, sizeof t->reason, "cannot write %s: %s", t->destination, strerror(errno));
            return 0;
        }
        written += (size_t)w;
    }
    t->bytes += (int64_t)n;
    bridge_deadline_set(&t->deadline, bridge_now_ns() + (int64_t)t->read_timeout_ms * 1000000LL);
    return n;
}

int bridge_transfer_prepare(bridge_transfer *t, const bridge_libcurl *curl) {
    t->curl = curl;
    bridge_deadline_set(&t->deadline, bridge_now_ns() + (int64_t)t->connect_timeout_ms * 1000000LL);
    t->easy = curl->easy_init();
    if (!t->easy) {
        snprintf(t->reason, sizeof t->reason, "curl_easy_init failed");
        return -1;
    }
    CURL *e = t->easy;
    int failed = 0;
    failed |= curl->easy_setopt(e, CURLOPT_URL, t->url) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_PRIVATE, (void *)t) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_ERRORBUFFER, t->error) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_NOSIGNAL, 1L) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_NOPROGRESS, 1L) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, t->scheme) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_MAXREDIRS, (long)t->max_redirects) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, (long)t->connect_timeout_ms) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_LOW_SPEED_TIME, backup_seconds(t->read_timeout_ms)) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, (int64_t)t->max_bytes) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_BUFFERSIZE, 16384L) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_HEADERFUNCTION, (curl_write_callback)on_header) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_HEADERDATA, (void *)t) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_WRITEFUNCTION, (curl_write_callback)on_body) != CURLE_OK;
    failed |= curl->easy_setopt(e, CURLOPT_WRITEDATA, (void *)t) != CURLE_OK;
    if (t->ca_file) failed |= curl->easy_setopt(e, CURLOPT_CAINFO, t->ca_file) != CURLE_OK;
    // A proxy's CONNECT answer is not the response.
    failed |= curl->easy_setopt(e, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L) != CURLE_OK;
    if (t->fetch) {
        // reqwest's connect timeout bounds the connection only: a server may think as long as
        // the read timeout allows before it answers.
        bridge_deadline_set(&t->deadline, bridge_now_ns() + (int64_t)t->read_timeout_ms * 1000000LL);
        failed |= curl->easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK;
        failed |= curl->easy_setopt(e, CURLOPT_FOLLOWLOCATION, t->max_redirects > 0 ? 1L : 0L) != CURLE_OK;
        // Stalls are the caller's to bound; a slow answer is still an answer.
        failed |= curl->easy_setopt(e, CURLOPT_LOW_SPEED_TIME, 0L) != CURLE_OK;
        for (int32_t i = 0; i < t->header_count; i++) {
            struct curl_slist *grown = curl->slist_append(t->header_list, t->headers[i]);
            if (!grown) {
                failed = 1;
                break;
            }
            t->header_list = grown;
        }
        if (t->header_list) failed |= curl->easy_setopt(e, CURLOPT_HTTPHEADER, t->header_list) != CURLE_OK;
        if (t->body) {
            failed |= curl->easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (int64_t)t->body_length) != CURLE_OK;
            failed |= curl->easy_setopt(e, CURLOPT_COPYPOSTFIELDS, (const char *)t->body) != CURLE_OK;
        }
        if (strcmp(t->method, "HEAD") == 0) {
            failed |= curl->easy_setopt(e, CURLOPT_NOBODY, 1L) != CURLE_OK;
        } else if ((strcmp(t->method, "GET") != 0 || t->body) && !(strcmp(t->method, "POST") == 0 && t->body)) {
            // A POST with a body is curl's own POST, which turns into a GET after a 301/302/303
            // as reqwest's does; a custom method would be resent as it is.
            failed |= curl->easy_setopt(e, CURLOPT_CUSTOMREQUEST, t->method) != CURLE_OK;
        }
    }
    if (failed) {
        snprintf(t->reason, sizeof t->reason, "this libcurl lacks an option the bridge needs (7.85 or later needed)");
        return -1;
    }
    return 0;
}

const char *bridge_transfer_timeout_reason(bridge_transfer *t) {
    if (t->answered) {
        snprintf(t->reason, sizeof t->reason, "read timeout: no data for %d ms", (int)t->read_timeout_ms);
    } else {
        snprintf(t->reason, sizeof t->reason, "connect timeout: no response within %d ms", (int)t->connect_timeout_ms);
    }
    return t->reason;
}

const char *bridge_transfer_verdict(bridge_transfer *t, const bridge_libcurl *curl, CURLcode code) {
    if (code == CURLE_OK) {
        if (t->answered) return NULL;
        if (t->fetch && t->status) {  // a bodiless answer (HEAD, 204): no write ever opened the file
            if (!answer_with_body(t)) return t->reason;
            return NULL;
        }
        if (t->status) {
            snprintf(t->reason, sizeof t->reason, "HTTP status %d, not 2xx", (int)t->status);
        } else {
            snprintf(t->reason, sizeof t->reason, "no response");
        }
        return t->reason;
    }
    if (t->reason[0]) return t->reason;  // a callback stopped it and said why
    switch (code) {
    case CURLE_TOO_MANY_REDIRECTS:
        snprintf(t->reason, sizeof t->reason, "more than %d redirects", (int)t->max_redirects);
        return t->reason;
    case CURLE_FILESIZE_EXCEEDED: {
        int64_t length = -1;
        curl->easy_getinfo(t->easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
        snprintf(t->reason, sizeof t->reason, "body of %lld bytes is larger than the %lld-byte cap",
                 (long long)length, (long long)t->max_bytes);
        return t->reason;
    }
    case CURLE_OPERATION_TIMEDOUT:
        return bridge_transfer_timeout_reason(t);
    default:
        snprintf(t->reason, sizeof t->reason, "%s", t->error[0] ? t->error : curl->easy_strerror(code));
        return t->reason;
    }
}

void bridge_transfer_finish(bridge_transfer *t, const bridge_libcurl *curl, bridge_http_outcome outcome,
                            const char *reason) {
    // Close first: the file is complete when the completion runs.
    if (t->fd >= 0) close(t->fd);
    t->fd = -1;
    const char *content_type = NULL;
    const char *final_url = NULL;
    long redirects = 0;
    if (t->easy && curl) {
        curl->easy_getinfo(t->easy, CURLINFO_CONTENT_TYPE, &content_type);
        curl->easy_getinfo(t->easy, CURLINFO_EFFECTIVE_URL, &final_url);
        curl->easy_getinfo(t->easy, CURLINFO_REDIRECT_COUNT, &redirects);
    }
    bridge_http_result result = {
        .outcome = outcome,
        .status = t->status,
        .redirects = (int32_t)redirects,
        .bytes = t->bytes,
        .content_type = content_type,
        .final_url = final_url ? final_url : t->url,
        .reason = reason,
        .headers = t->response_headers,
    };
    t->completion(t->context, &result);
    if (t->easy && curl) curl->easy_cleanup(t->easy);
    if (t->header_list && curl) curl->slist_free_all(t->header_list);
    bridge_transfer_free(t);
}
