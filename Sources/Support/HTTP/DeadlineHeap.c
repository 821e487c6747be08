// The deadline heap: a binary min-heap of pointers, each node knowing its slot.

#include "DeadlineHeap.h"

#include <stdlib.h>

static void place(bridge_deadline_heap *heap, size_t slot, bridge_deadline *d) {
    heap->nodes[slot] = d;
    d->slot = slot;
}

static void sift_up(bridge_deadline_heap *heap, size_t slot) {
    bridge_deadline *d = heap->nodes[slot];
    while (slot > 0) {
        size_t parent = (slot - 1) / 2;
        if (heap->nodes[parent]->key <= d->key) break;
        place(heap, slot, heap->nodes[parent]);
        slot = parent;
    }
    place(heap, slot, d);
}

static void sift_down(bridge_deadline_heap *heap, size_t slot) {
    bridge_deadline *d = heap->nodes[slot];
    for (;;) {
        size_t child = 2 * slot + 1;
        if (child >= heap->count) break;
        if (child + 1 < heap->count && heap->nodes[child + 1]->key < heap->nodes[child]->key) child++;
        if (d->key <= heap->nodes[child]->key) break;
        place(heap, slot, heap->nodes[child]);
        slot = child;
    }
    place(heap, slot, d);
}

int bridge_deadline_heap_add(bridge_deadline_heap *heap, bridge_deadline *d) {
    if (heap->count == heap->capacity) {
        size_t capacity = heap->capacity ? heap->capacity * 2 : 64;
        bridge_deadline **grown = realloc(heap->nodes, capacity * sizeof *grown);
        if (!grown) return -1;
        heap->nodes = grown;
        heap->capacity = capacity;
    }
    d->key = d->at;
    d->heap = heap;
    place(heap, heap->count++, d);
    sift_up(heap, d->slot);
    return 0;
}

void bridge_deadline_heap_remove(bridge_deadline *d) {
    bridge_deadline_heap *heap = d->heap;
    if (!heap) return;
    d->heap = NULL;
    size_t slot = d->slot;
    bridge_deadline *last = heap->nodes[--heap->count];
    if (last == d) return;
    place(heap, slot, last);
    if (slot > 0 && heap->nodes[(slot - 1) / 2]->key > last->key) {
        sift_up(heap, slot);
    } else {
        sift_down(heap, slot);
    }
}

void bridge_deadline_set(bridge_deadline *d, int64_t at) {
    d->at = at;
    if (d->heap && at < d->key) {
        d->key = at;
        sift_up(d->heap, d->slot);
    }
}

bridge_deadline *bridge_deadline_heap_due(bridge_deadline_heap *heap, int64_t now, uint64_t *examined) {
    while (heap->count && heap->nodes[0]->key <= now) {
        bridge_deadline *first = heap->nodes[0];
        *examined += 1;
        if (first->at <= now) return first;
        // It moved later since it was sorted: sort it where it is now.
        first->key = first->at;
        sift_down(heap, 0);
    }
    return NULL;
}

int64_t bridge_deadline_heap_next(const bridge_deadline_heap *heap) {
    return heap->count ? heap->nodes[0]->key : INT64_MAX;
}

void bridge_deadline_heap_release(bridge_deadline_heap *heap) {
    free(heap->nodes);
    heap->nodes = NULL;
    heap->count = heap->capacity = 0;
}
