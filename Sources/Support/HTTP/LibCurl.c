// Loading libcurl with dlopen, once, on the first download.

#include "LibCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static bridge_libcurl api;
static int loaded;
static char failure[512];

// The name of the shared object; BRIDGE_LIBCURL overrides it (a path or another soname).
static const char *library_name(void) {
    const char *override = getenv("BRIDGE_LIBCURL");
    return (override && *override) ? override : "libcurl.so.4";
}

#define RESOLVE(field, symbol)                                                              \
    do {                                                                                    \
        *(void **)(&api.field) = dlsym(handle, symbol);                                     \
        if (!api.field) {                                                                   \
            snprintf(failure, sizeof failure, "%s has no %s (libcurl 7.85 or later needed)", \
                     name, symbol);                                                         \
            return;                                                                         \
        }                                                                                   \
    } while (0)

static void load(void) {
    const char *name = library_name();
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s could not be loaded (%s); install libcurl (Debian/Ubuntu: apt-get install libcurl4)",
                 name, why ? why : "unknown error");
        return;
    }
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_socket_action, "curl_multi_socket_action");
    RESOLVE(multi_assign, "curl_multi_assign");
    RESOLVE(multi_timeout, "curl_multi_timeout");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    // Before any other libcurl call and before the event loop exists (so from one thread).
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(failure, sizeof failure, "%s: curl_global_init failed", name);
        return;
    }
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
}

const bridge_libcurl *bridge_libcurl_load(const char **why) {
    pthread_once(&load_once, load);
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return &api;
    if (why) *why = failure;
    return NULL;
}

int bridge_libcurl_is_loaded(void) {
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
}
