#ifndef BRIDGE_SOCKET_SET_H
#define BRIDGE_SOCKET_SET_H

// The sockets libcurl asks the event loop to watch, and a wake-up any thread can send: epoll
// and an eventfd on Linux, so a wait returns only the sockets that have events and its cost
// does not grow with the sockets that have none. Elsewhere, poll(2) and a pipe (a wait then
// scans every socket, which the Linux build never does). Public to the package's tests, which
// check the wake-up's hand-over step by step (`bridge_socket_set_on_consume`).

enum {
    BRIDGE_SOCKET_READ = 1,
    BRIDGE_SOCKET_WRITE = 2,
    BRIDGE_SOCKET_ERROR = 4,
};

typedef struct bridge_socket_set bridge_socket_set;

/// A socket that is ready: `ready` is a mask of BRIDGE_SOCKET_READ, _WRITE and _ERROR.
typedef struct bridge_socket_event {
    int fd;
    int ready;
} bridge_socket_event;

/// A new, empty set; NULL with the reason in `why` (at least 128 bytes) when it cannot be made.
bridge_socket_set *bridge_socket_set_new(char *why, unsigned long why_size);

/// Watches `fd` for `wanted` (BRIDGE_SOCKET_READ | _WRITE), or stops watching it when `wanted`
/// is 0. `watched`: whether the caller believes `fd` is in the set already (a hint that saves
/// a system call; a wrong one still works). 0 on success, else -1 with errno set.
int bridge_socket_set_watch(bridge_socket_set *set, int fd, int wanted, int watched);

/// Waits up to `timeout_ms` (-1: no limit) for events or a wake-up; fills at most `capacity`
/// events and returns their count (0: timed out or woken). A wake-up is consumed here.
int bridge_socket_set_wait(bridge_socket_set *set, bridge_socket_event *events, int capacity, int timeout_ms);

/// Makes a wait return (now, or the next one at once). Safe from any thread.
void bridge_socket_set_wake(bridge_socket_set *set);

/// Accepts a connection on `listener` as a non-blocking, close-on-exec socket (accept4 where
/// the system has it, so a child started meanwhile never inherits it); -1 with errno set.
int bridge_socket_accept(int listener);

/// Closes the set's descriptors and frees it (the download loop's set lives as long as the
/// process; tests make their own).
void bridge_socket_set_free(bridge_socket_set *set);

/// For tests: `hook(context, step)` runs in a wait that consumes a wake-up, at each step of
/// consuming it: 0 before, 1 between reading the wake-up and clearing its pending flag, 2 after.
/// A test sends a wake-up at each step and checks the next one still wakes a wait (the loop
/// once cleared first and read second: a wake-up sent in between was read with the flag left
/// set, and every later one was skipped). NULL (the default) runs nothing.
void bridge_socket_set_on_consume(bridge_socket_set *set, void (*hook)(void *context, int step), void *context);

#endif
