#ifndef BRIDGE_LIBCURL_H
#define BRIDGE_LIBCURL_H

// The few parts of libcurl's C API the bridge uses, declared here so no curl headers are
// needed to build; the values are libcurl's stable ABI (curl/curl.h, curl/multi.h, >= 7.85).

#include <stddef.h>
#include <stdint.h>

typedef void CURL;
typedef void CURLM;
typedef int CURLcode;
typedef int CURLMcode;

enum {
    CURLE_OK = 0,
    CURLE_UNSUPPORTED_PROTOCOL = 1,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WRITE_ERROR = 23,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_TOO_MANY_REDIRECTS = 47,
    CURLE_FILESIZE_EXCEEDED = 63,
};

#define CURL_ERROR_SIZE 256
#define CURL_GLOBAL_DEFAULT 3L

// CURLoption: type base + number.
enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_LOW_SPEED_LIMIT = 19,
    CURLOPT_LOW_SPEED_TIME = 20,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_NOPROGRESS = 43,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_FRESH_CONNECT = 74,
    CURLOPT_CAINFO = 10065,
    CURLOPT_MAXREDIRS = 68,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_BUFFERSIZE = 98,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_PRIVATE = 10103,
    CURLOPT_MAXFILESIZE_LARGE = 30117,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_NOBODY = 44,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_COPYPOSTFIELDS = 10165,
    CURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
    CURLOPT_PROTOCOLS_STR = 10318,
    CURLOPT_REDIR_PROTOCOLS_STR = 10319,
};

// CURLINFO: type base + number.
enum {
    CURLINFO_EFFECTIVE_URL = 0x100000 + 1,
    CURLINFO_CONTENT_TYPE = 0x100000 + 18,
    CURLINFO_PRIVATE = 0x100000 + 21,
    CURLINFO_REDIRECT_COUNT = 0x200000 + 20,
    CURLINFO_CONTENT_LENGTH_DOWNLOAD_T = 0x600000 + 15,
};

// CURLMoption: type base + number.
enum {
    CURLMOPT_SOCKETFUNCTION = 20001,
    CURLMOPT_SOCKETDATA = 10002,
    CURLMOPT_TIMERFUNCTION = 20004,
    CURLMOPT_TIMERDATA = 10005,
    CURLMOPT_MAXCONNECTS = 6,
};

// The socket interface (curl/multi.h): a socket is an int on the platforms the bridge runs on.
typedef int curl_socket_t;
#define CURL_SOCKET_TIMEOUT ((curl_socket_t)-1)
enum { CURL_POLL_IN = 1, CURL_POLL_OUT = 2, CURL_POLL_INOUT = 3, CURL_POLL_REMOVE = 4 };
enum { CURL_CSELECT_IN = 1, CURL_CSELECT_OUT = 2, CURL_CSELECT_ERR = 4 };

/// CURLMOPT_SOCKETFUNCTION: watch `s` for `what` (a CURL_POLL_ value).
typedef int (*curl_socket_callback)(CURL *easy, curl_socket_t s, int what, void *user, void *socket_user);
/// CURLMOPT_TIMERFUNCTION: call curl_multi_socket_action(CURL_SOCKET_TIMEOUT) in `timeout_ms`
/// (-1: never).
typedef int (*curl_multi_timer_callback)(CURLM *multi, long timeout_ms, void *user);

enum { CURLMSG_DONE = 1 };

typedef struct CURLMsg {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

struct curl_slist;

typedef size_t (*curl_write_callback)(char *buffer, size_t size, size_t count, void *user);

/// libcurl's entry points, resolved with dlsym.
typedef struct bridge_libcurl {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, int option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, int info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *multi, int option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_socket_action)(CURLM *multi, curl_socket_t s, int events, int *running);
    CURLMcode (*multi_assign)(CURLM *multi, curl_socket_t s, void *socket_user);
    CURLMcode (*multi_timeout)(CURLM *multi, long *timeout_ms);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *left);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
} bridge_libcurl;

/// libcurl, loaded once (thread-safe); NULL when it cannot be, with the reason in `why`
/// (a static string).
const bridge_libcurl *bridge_libcurl_load(const char **why);

/// Whether libcurl has been loaded by this process.
int bridge_libcurl_is_loaded(void);

#endif
