// The transfers by id: a chained hash table. Ids are handed out in sequence, so the low bits
// spread them evenly over the buckets.

#include "TransferTable.h"

#include <stdlib.h>

static int grow(bridge_transfer_table *table) {
    size_t buckets = table->buckets ? (table->mask + 1) * 2 : 256;
    bridge_transfer **grown = calloc(buckets, sizeof *grown);
    if (!grown) return -1;
    if (table->buckets) {
        for (size_t i = 0; i <= table->mask; i++) {
            bridge_transfer *t = table->buckets[i];
            while (t) {
                bridge_transfer *following = t->table_next;
                size_t slot = (size_t)t->id & (buckets - 1);
                t->table_next = grown[slot];
                grown[slot] = t;
                t = following;
            }
        }
        free(table->buckets);
    }
    table->buckets = grown;
    table->mask = buckets - 1;
    return 0;
}

int bridge_transfer_table_add(bridge_transfer_table *table, bridge_transfer *t) {
    if ((!table->buckets || table->count > table->mask) && grow(table) != 0 && !table->buckets) return -1;
    size_t slot = (size_t)t->id & table->mask;
    t->table_next = table->buckets[slot];
    table->buckets[slot] = t;
    table->count++;
    return 0;
}

bridge_transfer *bridge_transfer_table_find(const bridge_transfer_table *table, uint64_t id) {
    if (!table->buckets) return NULL;
    bridge_transfer *t = table->buckets[(size_t)id & table->mask];
    while (t && t->id != id) t = t->table_next;
    return t;
}

void bridge_transfer_table_remove(bridge_transfer_table *table, bridge_transfer *t) {
    bridge_transfer **link = &table->buckets[(size_t)t->id & table->mask];
    while (*link && *link != t) link = &(*link)->table_next;
    if (!*link) return;
    *link = t->table_next;
    t->table_next = NULL;
    table->count--;
}
