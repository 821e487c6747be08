#ifndef BRIDGE_TRANSFER_TABLE_H
#define BRIDGE_TRANSFER_TABLE_H

// The transfers on the event loop, by id, so a cancellation finds its transfer in O(1) rather
// than by walking them all. Loop thread only.

#include "Transfer.h"

#include <stddef.h>

typedef struct bridge_transfer_table {
    bridge_transfer **buckets;  // chained through `table_next`
    size_t mask;                // bucket count - 1 (a power of two)
    size_t count;
} bridge_transfer_table;

/// Adds `t`; 0 on success, -1 when out of memory.
int bridge_transfer_table_add(bridge_transfer_table *table, bridge_transfer *t);

/// The transfer with `id`, or NULL.
bridge_transfer *bridge_transfer_table_find(const bridge_transfer_table *table, uint64_t id);

/// Removes `t` (it must be in the table).
void bridge_transfer_table_remove(bridge_transfer_table *table, bridge_transfer *t);

#endif
