#ifndef BRIDGE_DEADLINE_HEAP_H
#define BRIDGE_DEADLINE_HEAP_H

// The event loop's deadlines, in a binary min-heap keyed by time: the earliest is found in
// O(1), and expiring, adding or removing one costs O(log n), so no wake-up walks every transfer.
//
// A deadline that moves later (a read deadline pushed back by each chunk of body) is not
// re-sorted at once: its heap key stays where it was, and when the key comes due the heap
// finds the deadline has moved and sifts it down to its new place. Only a deadline that moves
// earlier is re-sorted immediately. So a fast download costs the heap nothing per chunk.

#include <stddef.h>
#include <stdint.h>

struct bridge_deadline_heap;

/// One deadline, embedded in what it bounds.
typedef struct bridge_deadline {
    int64_t at;   // the deadline (ns, monotonic clock); set it with bridge_deadline_set
    int64_t key;  // where the heap sorts it: at most `at` while in a heap
    size_t slot;  // its index in the heap
    struct bridge_deadline_heap *heap;  // NULL when in none
} bridge_deadline;

typedef struct bridge_deadline_heap {
    bridge_deadline **nodes;
    size_t count;
    size_t capacity;
} bridge_deadline_heap;

/// Adds `d` (not in a heap) at its `at`; 0 on success, -1 when out of memory.
int bridge_deadline_heap_add(bridge_deadline_heap *heap, bridge_deadline *d);

/// Removes `d` from its heap, if it is in one.
void bridge_deadline_heap_remove(bridge_deadline *d);

/// Moves `d` to `at`, in its heap or not.
void bridge_deadline_set(bridge_deadline *d, int64_t at);

/// A deadline that has passed by `now` (still in the heap: the caller removes it), or NULL.
/// Adds the deadlines it examined to `*examined`.
bridge_deadline *bridge_deadline_heap_due(bridge_deadline_heap *heap, int64_t now, uint64_t *examined);

/// When the heap next needs a look (INT64_MAX when empty): the earliest key, which may be
/// before the deadline it stands for.
int64_t bridge_deadline_heap_next(const bridge_deadline_heap *heap);

/// Frees the heap's array (the heap must be empty).
void bridge_deadline_heap_release(bridge_deadline_heap *heap);

#endif
