#ifndef BRIDGE_NFKC_H
#define BRIDGE_NFKC_H
#include <stdint.h>

/// Writes the NFKC form of the UTF-16 `source` (`length` units) into `destination` (room for
/// `capacity` units) with the ICU that swift-foundation ships (`_FoundationICU`), linked without
/// Foundation. Returns the units written, or -1 (an ICU error, or too little room).
int32_t bridge_nfkc(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity);

#endif
