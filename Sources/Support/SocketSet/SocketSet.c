// The event loop's socket set: epoll and an eventfd on Linux, poll(2) and a pipe elsewhere.

#define _GNU_SOURCE  // accept4

#include "BridgeSocketSet.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

// Runs the test hook of a wake-up's consumption, if set (`bridge_socket_set_on_consume`).
static void consume_step(bridge_socket_set *set, int step);

#if defined(__linux__) && !defined(BRIDGE_SOCKET_SET_POLL)

#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

struct bridge_socket_set {
    int epoll_fd;
    int wake_fd;
    int wake_pending;  // atomic: a wake-up is written and not yet read (saves the syscall)
    void (*on_consume)(void *, int);
    void *on_consume_context;
};

bridge_socket_set *bridge_socket_set_new(char *why, unsigned long why_size) {
    bridge_socket_set *set = calloc(1, sizeof *set);
    if (!set) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    set->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    set->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    struct epoll_event wake = {.events = EPOLLIN, .data.fd = set->wake_fd};
    if (set->epoll_fd < 0 || set->wake_fd < 0 || epoll_ctl(set->epoll_fd, EPOLL_CTL_ADD, set->wake_fd, &wake) != 0) {
        snprintf(why, why_size, "cannot make an event loop's epoll set: %s", strerror(errno));
        if (set->epoll_fd >= 0) close(set->epoll_fd);
        if (set->wake_fd >= 0) close(set->wake_fd);
        free(set);
        return NULL;
    }
    return set;
}

int bridge_socket_set_watch(bridge_socket_set *set, int fd, int wanted, int watched) {
    if (!wanted) {
        // libcurl may already have closed it, which removed it from the set.
        if (epoll_ctl(set->epoll_fd, EPOLL_CTL_DEL, fd, NULL) != 0 && errno != ENOENT && errno != EBADF) return -1;
        return 0;
    }
    struct epoll_event event = {
        .events = ((wanted & BRIDGE_SOCKET_READ) ? EPOLLIN : 0) | ((wanted & BRIDGE_SOCKET_WRITE) ? EPOLLOUT : 0),
        .data.fd = fd,
    };
    int first = watched ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
    if (epoll_ctl(set->epoll_fd, first, fd, &event) == 0) return 0;
    if (errno != (watched ? ENOENT : EEXIST)) return -1;
    return epoll_ctl(set->epoll_fd, watched ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, fd, &event);
}

int bridge_socket_set_wait(bridge_socket_set *set, bridge_socket_event *events, int capacity, int timeout_ms) {
    enum { BATCH = 256 };
    struct epoll_event ready[BATCH];
    int n = epoll_wait(set->epoll_fd, ready, capacity < BATCH ? capacity : BATCH, timeout_ms);
    if (n < 0) return 0;  // EINTR: the loop looks at its work and waits again
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (ready[i].data.fd == set->wake_fd) {
            uint64_t value;
            // Read, then clear: cleared first, a wake-up written in between was read here with
            // the flag left set, and every later one skipped its write — the loop then slept
            // through new downloads and cancellations until a deadline (up to 60 s). Cleared
            // after, a wake-up skipped in between is for work the loop takes next anyway.
            consume_step(set, 0);
            while (read(set->wake_fd, &value, sizeof value) < 0 && errno == EINTR) {}
            consume_step(set, 1);
            __atomic_store_n(&set->wake_pending, 0, __ATOMIC_SEQ_CST);
            consume_step(set, 2);
            continue;
        }
        uint32_t e = ready[i].events;
        events[count].fd = ready[i].data.fd;
        events[count].ready = ((e & EPOLLIN) ? BRIDGE_SOCKET_READ : 0) | ((e & EPOLLOUT) ? BRIDGE_SOCKET_WRITE : 0)
                              | ((e & (EPOLLERR | EPOLLHUP)) ? BRIDGE_SOCKET_ERROR : 0);
        count++;
    }
    return count;
}

void bridge_socket_set_wake(bridge_socket_set *set) {
    if (__atomic_exchange_n(&set->wake_pending, 1, __ATOMIC_SEQ_CST)) return;
    uint64_t one = 1;
    while (write(set->wake_fd, &one, sizeof one) < 0 && errno == EINTR) {}
}

void bridge_socket_set_free(bridge_socket_set *set) {
    close(set->epoll_fd);
    close(set->wake_fd);
    free(set);
}

#else

#include <poll.h>
#include <pthread.h>

// Slot 0 is the wake pipe's read end; the sockets follow, in no order.
struct bridge_socket_set {
    struct pollfd *fds;
    size_t count;
    size_t capacity;
    int wake_pipe[2];
    int wake_pending;
    void (*on_consume)(void *, int);
    void *on_consume_context;
};

bridge_socket_set *bridge_socket_set_new(char *why, unsigned long why_size) {
    bridge_socket_set *set = calloc(1, sizeof *set);
    if (set) set->fds = malloc(16 * sizeof *set->fds);
    if (!set || !set->fds) {
        if (set) free(set);
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    if (pipe(set->wake_pipe) != 0) {
        snprintf(why, why_size, "cannot make an event loop's wake-up pipe: %s", strerror(errno));
        free(set->fds);
        free(set);
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(set->wake_pipe[i], F_SETFD, FD_CLOEXEC);
        fcntl(set->wake_pipe[i], F_SETFL, O_NONBLOCK);
    }
    set->capacity = 16;
    set->count = 1;
    set->fds[0] = (struct pollfd){.fd = set->wake_pipe[0], .events = POLLIN};
    return set;
}

int bridge_socket_set_watch(bridge_socket_set *set, int fd, int wanted, int watched) {
    (void)watched;
    size_t slot = 1;
    while (slot < set->count && set->fds[slot].fd != fd) slot++;
    if (!wanted) {
        if (slot < set->count) set->fds[slot] = set->fds[--set->count];
        return 0;
    }
    if (slot == set->count) {
        if (set->count == set->capacity) {
            struct pollfd *grown = realloc(set->fds, set->capacity * 2 * sizeof *grown);
            if (!grown) {
                errno = ENOMEM;
                return -1;
            }
            set->fds = grown;
            set->capacity *= 2;
        }
        set->count++;
    }
    set->fds[slot] = (struct pollfd){
        .fd = fd,
        .events = (short)(((wanted & BRIDGE_SOCKET_READ) ? POLLIN : 0) | ((wanted & BRIDGE_SOCKET_WRITE) ? POLLOUT : 0)),
    };
    return 0;
}

int bridge_socket_set_wait(bridge_socket_set *set, bridge_socket_event *events, int capacity, int timeout_ms) {
    int n = poll(set->fds, (nfds_t)set->count, timeout_ms);
    if (n <= 0) return 0;
    int count = 0;
    if (set->fds[0].revents) {
        char drain[64];
        // Drain, then clear (see the epoll version).
        consume_step(set, 0);
        while (read(set->wake_pipe[0], drain, sizeof drain) > 0) {}
        consume_step(set, 1);
        __atomic_store_n(&set->wake_pending, 0, __ATOMIC_SEQ_CST);
        consume_step(set, 2);
    }
    for (size_t i = 1; i < set->count && count < capacity; i++) {
        short e = set->fds[i].revents;
        if (!e) continue;
        events[count].fd = set->fds[i].fd;
        events[count].ready = ((e & POLLIN) ? BRIDGE_SOCKET_READ : 0) | ((e & POLLOUT) ? BRIDGE_SOCKET_WRITE : 0)
                              | ((e & (POLLERR | POLLHUP | POLLNVAL)) ? BRIDGE_SOCKET_ERROR : 0);
        count++;
    }
    return count;
}

void bridge_socket_set_wake(bridge_socket_set *set) {
    if (__atomic_exchange_n(&set->wake_pending, 1, __ATOMIC_SEQ_CST)) return;
    char one = 1;
    while (write(set->wake_pipe[1], &one, 1) < 0 && errno == EINTR) {}
}

void bridge_socket_set_free(bridge_socket_set *set) {
    close(set->wake_pipe[0]);
    close(set->wake_pipe[1]);
    free(set->fds);
    free(set);
}

#endif

static void consume_step(bridge_socket_set *set, int step) {
    if (set->on_consume) set->on_consume(set->on_consume_context, step);
}

void bridge_socket_set_on_consume(bridge_socket_set *set, void (*hook)(void *context, int step), void *context) {
    set->on_consume = hook;
    set->on_consume_context = context;
}

int bridge_socket_accept(int listener) {
#if defined(__linux__)
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
#else
    int fd = accept(listener, NULL, NULL);
    if (fd >= 0) {
        fcntl(fd, F_SETFD, FD_CLOEXEC);
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    return fd;
#endif
}
