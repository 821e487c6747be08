// The download engine: one thread runs libcurl's multi interface for every download.
//
// Callers hand requests and cancellations to the loop through a locked inbox and wake it
// through its socket set; only the loop thread touches libcurl handles and transfers, so
// 10,000 downloads cost one thread and their sockets, nothing more. The loop drives libcurl
// through its socket interface (curl_multi_socket_action): epoll reports the sockets that have
// events and libcurl's own timer says when it needs a look, so a wake-up costs what its events
// cost, never a walk over the transfers that have nothing to do. The connect and read deadlines
// the loop enforces itself, exactly, live in a deadline heap; cancellations find their transfer
// by id. Freed memory goes back to the system shortly after the last download of a burst ends.

#if defined(__linux__)
#define _GNU_SOURCE  // pthread_setname_np
#endif

#include "BridgeHTTP.h"
#include "DeadlineHeap.h"
#include "LibCurl.h"
#include "BridgeSocketSet.h"
#include "Transfer.h"
#include "TransferTable.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

typedef struct engine {
    const bridge_libcurl *curl;
    CURLM *multi;
    bridge_socket_set *sockets;
    pthread_t thread;
    pthread_mutex_t lock;
    // Guarded by `lock`: what callers hand to the loop.
    bridge_transfer *incoming;
    uint64_t *cancels;
    size_t cancel_count;
    size_t cancel_capacity;
    // Loop thread only.
    bridge_transfer_table transfers;  // every transfer in the multi handle
    bridge_deadline_heap deadlines;   // their connect or read deadlines
    int64_t curl_timer_ns;            // when libcurl wants its timeout action; INT64_MAX: never
    int curl_timer_told;              // libcurl set its timer during the last timeout action
    int64_t trim_at_ns;  // when to give a finished burst's memory back next; 0: not due
    int trims_done;      // of the finished burst's trims (TRIM_DELAYS_MS)
    // Atomic.
    uint64_t next_id;
    int64_t in_flight;
    uint64_t wakeups;  // written by the loop only, read by bridge_http_statistics
    uint64_t visited;
} engine;

static pthread_once_t engine_once = PTHREAD_ONCE_INIT;
static engine the_engine = {.lock = PTHREAD_MUTEX_INITIALIZER};
static int engine_ready;
static char engine_failure[512];

// Idle connections kept for reuse once a burst is over.
enum { IDLE_CONNECTIONS = 8 };
// The longest the loop sleeps with nothing due (callers wake it sooner).
enum { IDLE_WAIT_MS = 60000 };
// The most socket events one wake-up hands to libcurl (the rest come with the next one).
enum { EVENT_BATCH = 256 };
// With this many transfers on the loop, a new one opens its own connection: to find one to
// reuse, libcurl (7.88) walks every connection to the host, so 4,096 downloads from one host
// cost 8 million steps, most of the loop's time. Reuse then rarely finds anything anyway: a
// burst keeps at most IDLE_CONNECTIONS idle ones.
enum { FRESH_CONNECTIONS_FROM = 64 };
// When, after the last download of a burst, its memory is given back (ms, each from the burst's
// end). The callers drop what they built from the results only once their calls are answered,
// which under load takes a while after the last download: one early trim left 9 MB of a burst of
// 1,000 resident (freed later on other threads' arenas); the later ones return it.
static const int64_t TRIM_DELAYS_MS[] = {200, 600, 1500, 4000};
enum { TRIM_COUNT = sizeof TRIM_DELAYS_MS / sizeof TRIM_DELAYS_MS[0] };
static int64_t burst_end_ns;  // loop thread only: when the last burst ended

static void *loop_main(void *unused);
static int on_socket(CURL *easy, curl_socket_t s, int what, void *user, void *socket_user);
static int on_timer(CURLM *multi, long timeout_ms, void *user);

// A thousand sockets must not hit a soft limit of 1,024 descriptors while the hard limit
// allows more (as Go's runtime does at start-up).
static void raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
    rlim_t wanted = limit.rlim_max == RLIM_INFINITY ? 65536 : limit.rlim_max;
    if (wanted > 65536) wanted = 65536;
    if (limit.rlim_cur < wanted) {
        limit.rlim_cur = wanted;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

static void start_engine(void) {
    const char *why = NULL;
    const bridge_libcurl *curl = bridge_libcurl_load(&why);
    if (!curl) {
        snprintf(engine_failure, sizeof engine_failure, "%s", why ? why : "libcurl could not be loaded");
        return;
    }
    CURLM *multi = curl->multi_init();
    if (!multi) {
        snprintf(engine_failure, sizeof engine_failure, "curl_multi_init failed");
        return;
    }
    bridge_socket_set *sockets = bridge_socket_set_new(engine_failure, sizeof engine_failure);
    if (!sockets) return;
    int failed = 0;
    failed |= curl->multi_setopt(multi, CURLMOPT_MAXCONNECTS, (long)IDLE_CONNECTIONS) != 0;
    failed |= curl->multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, (curl_socket_callback)on_socket) != 0;
    failed |= curl->multi_setopt(multi, CURLMOPT_SOCKETDATA, (void *)&the_engine) != 0;
    failed |= curl->multi_setopt(multi, CURLMOPT_TIMERFUNCTION, (curl_multi_timer_callback)on_timer) != 0;
    failed |= curl->multi_setopt(multi, CURLMOPT_TIMERDATA, (void *)&the_engine) != 0;
    if (failed) {
        snprintf(engine_failure, sizeof engine_failure, "this libcurl refuses the socket interface the bridge needs");
        return;
    }
    raise_descriptor_limit();
    the_engine.curl = curl;
    the_engine.multi = multi;
    the_engine.sockets = sockets;
    the_engine.curl_timer_ns = INT64_MAX;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    failed = pthread_create(&the_engine.thread, &attributes, loop_main, NULL);
    pthread_attr_destroy(&attributes);
    if (failed) {
        snprintf(engine_failure, sizeof engine_failure, "cannot start the download thread: %s", strerror(failed));
        return;
    }
    __atomic_store_n(&engine_ready, 1, __ATOMIC_RELEASE);
}

static void fail_now(void *context, bridge_http_completion completion, const char *url, const char *reason) {
    bridge_http_result result = {.outcome = BRIDGE_HTTP_FAILED, .final_url = url, .reason = reason};
    completion(context, &result);
}

uint64_t bridge_http_start(const bridge_http_request *request, void *context, bridge_http_completion completion) {
    char scheme[8];
    if (!bridge_transfer_scheme(request->url, scheme)) {
        fail_now(context, completion, request->url, "not an http or https URL");
        return 0;
    }
    if (!request->destination) {
        fail_now(context, completion, request->url, "no destination file");
        return 0;
    }
    pthread_once(&engine_once, start_engine);
    if (!__atomic_load_n(&engine_ready, __ATOMIC_ACQUIRE)) {
        fail_now(context, completion, request->url, engine_failure);
        return 0;
    }
    uint64_t id = __atomic_add_fetch(&the_engine.next_id, 1, __ATOMIC_RELAXED);
    bridge_transfer *t = bridge_transfer_new(id, request, context, completion);
    if (!t) {
        fail_now(context, completion, request->url, "out of memory");
        return 0;
    }
    __atomic_add_fetch(&the_engine.in_flight, 1, __ATOMIC_RELAXED);
    pthread_mutex_lock(&the_engine.lock);
    t->next = the_engine.incoming;
    the_engine.incoming = t;
    pthread_mutex_unlock(&the_engine.lock);
    bridge_socket_set_wake(the_engine.sockets);
    return id;
}

void bridge_http_cancel(uint64_t id) {
    if (id == 0 || !__atomic_load_n(&engine_ready, __ATOMIC_ACQUIRE)) return;
    pthread_mutex_lock(&the_engine.lock);
    if (the_engine.cancel_count == the_engine.cancel_capacity) {
        size_t capacity = the_engine.cancel_capacity ? the_engine.cancel_capacity * 2 : 16;
        uint64_t *grown = realloc(the_engine.cancels, capacity * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&the_engine.lock);
            return;  // the download then ends by its own deadlines
        }
        the_engine.cancels = grown;
        the_engine.cancel_capacity = capacity;
    }
    the_engine.cancels[the_engine.cancel_count++] = id;
    pthread_mutex_unlock(&the_engine.lock);
    bridge_socket_set_wake(the_engine.sockets);
}

bridge_http_stats bridge_http_statistics(void) {
    bridge_http_stats stats = {
        .in_flight = __atomic_load_n(&the_engine.in_flight, __ATOMIC_RELAXED),
        .libcurl_loaded = bridge_libcurl_is_loaded(),
        .loop_threads = __atomic_load_n(&engine_ready, __ATOMIC_ACQUIRE),
        .loop_wakeups = __atomic_load_n(&the_engine.wakeups, __ATOMIC_RELAXED),
        .transfers_visited = __atomic_load_n(&the_engine.visited, __ATOMIC_RELAXED),
    };
    return stats;
}

// MARK: the loop thread

// Loop thread only writes; bridge_http_statistics reads.
static void tally(uint64_t *counter, uint64_t n) {
    if (n) __atomic_store_n(counter, __atomic_load_n(counter, __ATOMIC_RELAXED) + n, __ATOMIC_RELAXED);
}

static bridge_transfer *transfer_of(bridge_deadline *d) {
    return (bridge_transfer *)((char *)d - offsetof(bridge_transfer, deadline));
}

// Marks, through curl_multi_assign, a socket that is in the socket set.
static char watched_marker;

// libcurl says what to watch a socket for.
static int on_socket(CURL *easy, curl_socket_t s, int what, void *user, void *socket_user) {
    (void)easy;
    engine *e = user;
    int wanted = what == CURL_POLL_REMOVE ? 0
                 : ((what & CURL_POLL_IN) ? BRIDGE_SOCKET_READ : 0) | ((what & CURL_POLL_OUT) ? BRIDGE_SOCKET_WRITE : 0);
    // A socket epoll cannot watch is left to its transfer's deadline: returning an error would
    // make libcurl fail every transfer of the multi handle.
    if (bridge_socket_set_watch(e->sockets, s, wanted, socket_user != NULL) == 0 && wanted && !socket_user) {
        e->curl->multi_assign(e->multi, s, &watched_marker);
    }
    return 0;
}

// When libcurl's timeout action is due, `timeout_ms` from now (-1: never). A millisecond late,
// never early: libcurl rounds the time left down to whole milliseconds, and an action run
// before its timer expires does nothing, after which libcurl, whose earliest timer has not
// changed, would not call on_timer again.
static int64_t curl_timer_at(long timeout_ms) {
    if (timeout_ms < 0) return INT64_MAX;
    return bridge_now_ns() + (timeout_ms > 0 ? (int64_t)timeout_ms + 1 : 0) * 1000000LL;
}

// libcurl says when it next needs its timeout action (it is run by the loop, not from here).
static int on_timer(CURLM *multi, long timeout_ms, void *user) {
    (void)multi;
    engine *e = user;
    e->curl_timer_ns = curl_timer_at(timeout_ms);
    e->curl_timer_told = 1;
    return 0;
}

// Runs libcurl's timeout action when it is due.
static void run_curl_timer(engine *e) {
    if (e->curl_timer_ns > bridge_now_ns()) return;
    int running = 0;
    e->curl_timer_told = 0;
    e->curl->multi_socket_action(e->multi, CURL_SOCKET_TIMEOUT, 0, &running);
    // libcurl calls on_timer only when its earliest timer changes: if it did not, ask it.
    if (!e->curl_timer_told) {
        long timeout_ms = -1;
        if (e->curl->multi_timeout(e->multi, &timeout_ms) != 0) timeout_ms = -1;
        e->curl_timer_ns = curl_timer_at(timeout_ms);
    }
}

static void end(engine *e, bridge_transfer *t, bridge_http_outcome outcome, const char *reason, int in_multi) {
    if (in_multi) {
        bridge_transfer_table_remove(&e->transfers, t);
        bridge_deadline_heap_remove(&t->deadline);
        e->curl->multi_remove_handle(e->multi, t->easy);
    }
    bridge_transfer_finish(t, e->curl, outcome, reason);
    if (__atomic_sub_fetch(&e->in_flight, 1, __ATOMIC_RELAXED) == 0) {
        burst_end_ns = bridge_now_ns();
        e->trims_done = 0;
        e->trim_at_ns = burst_end_ns + TRIM_DELAYS_MS[0] * 1000000LL;
    }
}

// A burst is over: return the free memory of every malloc arena to the system (glibc keeps
// it otherwise, and a thousand downloads' worth would stay resident).
// Trims again at each of TRIM_DELAYS_MS until a new download starts.
static void trim_if_due(engine *e, int64_t now) {
    if (!e->trim_at_ns || now < e->trim_at_ns) return;
    e->trim_at_ns = 0;
    if (e->transfers.count || __atomic_load_n(&e->in_flight, __ATOMIC_RELAXED) != 0) return;
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    e->trims_done += 1;
    if (e->trims_done < TRIM_COUNT) e->trim_at_ns = burst_end_ns + TRIM_DELAYS_MS[e->trims_done] * 1000000LL;
}

// Puts a prepared transfer into the table, the heap and the multi handle; NULL on success,
// else why not (it is then in none of them).
static const char *enter(engine *e, bridge_transfer *t) {
    if (e->transfers.count >= FRESH_CONNECTIONS_FROM) e->curl->easy_setopt(t->easy, CURLOPT_FRESH_CONNECT, 1L);
    if (bridge_transfer_table_add(&e->transfers, t) != 0) return "out of memory";
    if (bridge_deadline_heap_add(&e->deadlines, &t->deadline) != 0) {
        bridge_transfer_table_remove(&e->transfers, t);
        return "out of memory";
    }
    if (e->curl->multi_add_handle(e->multi, t->easy) != 0) {
        bridge_deadline_heap_remove(&t->deadline);
        bridge_transfer_table_remove(&e->transfers, t);
        return "curl_multi_add_handle failed";
    }
    return NULL;
}

// Moves new requests into the multi handle and carries out cancellations.
static void admit(engine *e) {
    pthread_mutex_lock(&e->lock);
    bridge_transfer *incoming = e->incoming;
    e->incoming = NULL;
    size_t count = e->cancel_count;
    uint64_t small[64];
    uint64_t *ids = count <= 64 ? small : malloc(count * sizeof *ids);
    if (ids) memcpy(ids, e->cancels, count * sizeof *ids); else count = 0;
    e->cancel_count = 0;
    pthread_mutex_unlock(&e->lock);

    uint64_t visited = count;
    while (incoming) {
        bridge_transfer *t = incoming;
        incoming = t->next;
        t->next = NULL;
        visited++;
        const char *refused = NULL;
        if (bridge_transfer_prepare(t, e->curl) != 0) {
            end(e, t, BRIDGE_HTTP_FAILED, t->reason, 0);
        } else if ((refused = enter(e, t))) {
            end(e, t, BRIDGE_HTTP_FAILED, refused, 0);
        }
    }
    for (size_t i = 0; i < count; i++) {
        bridge_transfer *t = bridge_transfer_table_find(&e->transfers, ids[i]);
        if (t) end(e, t, BRIDGE_HTTP_CANCELLED, "cancelled by the caller", 1);
    }
    if (ids != small) free(ids);
    tally(&e->visited, visited);
}

// Ends the transfers libcurl has finished.
static void reap(engine *e) {
    int left = 0;
    CURLMsg *message;
    uint64_t visited = 0;
    while ((message = e->curl->multi_info_read(e->multi, &left))) {
        if (message->msg != CURLMSG_DONE) continue;
        bridge_transfer *t = NULL;
        e->curl->easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, (char **)&t);
        if (!t) continue;
        visited++;
        CURLcode code = message->data.result;
        const char *reason = bridge_transfer_verdict(t, e->curl, code);
        end(e, t, reason ? BRIDGE_HTTP_FAILED : BRIDGE_HTTP_OK, reason, 1);
    }
    tally(&e->visited, visited);
}

// Ends the transfers whose deadline passed; returns how long the loop may sleep.
static int expire(engine *e) {
    int64_t now = bridge_now_ns();
    uint64_t examined = 0;
    bridge_deadline *due;
    while ((due = bridge_deadline_heap_due(&e->deadlines, now, &examined))) {
        bridge_transfer *t = transfer_of(due);
        end(e, t, BRIDGE_HTTP_FAILED, bridge_transfer_timeout_reason(t), 1);
    }
    tally(&e->visited, examined);
    trim_if_due(e, now);
    int64_t next = bridge_deadline_heap_next(&e->deadlines);
    if (e->trim_at_ns && e->trim_at_ns < next) next = e->trim_at_ns;
    if (e->curl_timer_ns < next) next = e->curl_timer_ns;
    if (next == INT64_MAX) return IDLE_WAIT_MS;
    if (next <= now) return 0;
    int64_t ms = (next - now + 999999) / 1000000;
    return ms > IDLE_WAIT_MS ? IDLE_WAIT_MS : (int)ms;
}

static void *loop_main(void *unused) {
    (void)unused;
    engine *e = &the_engine;
#if defined(__linux__)
    // Else it bears the name of whichever thread started the first download; benchmarks
    // find its CPU time by this name.
    pthread_setname_np(pthread_self(), "bridge-http");
#endif
    bridge_socket_event events[EVENT_BATCH];
    int running = 0;
    for (;;) {
        admit(e);
        run_curl_timer(e);
        reap(e);
        int wait_ms = expire(e);
        int n = bridge_socket_set_wait(e->sockets, events, EVENT_BATCH, wait_ms);
        tally(&e->wakeups, 1);
        for (int i = 0; i < n; i++) {
            int ready = events[i].ready;
            int mask = ((ready & BRIDGE_SOCKET_READ) ? CURL_CSELECT_IN : 0) | ((ready & BRIDGE_SOCKET_WRITE) ? CURL_CSELECT_OUT : 0)
                       | ((ready & BRIDGE_SOCKET_ERROR) ? CURL_CSELECT_ERR : 0);
            e->curl->multi_socket_action(e->multi, events[i].fd, mask, &running);
        }
        tally(&e->visited, (uint64_t)n);
        reap(e);
    }
    return NULL;
}
