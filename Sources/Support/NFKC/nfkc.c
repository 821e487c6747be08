#include "BridgeNFKC.h"

// swift-foundation's ICU renames every entry point with a `swift_` prefix (its urename.h); the
// two used here are declared by hand so that no ICU header is needed.
typedef struct UNormalizer2 UNormalizer2;
extern const UNormalizer2 *swift_unorm2_getNFKCInstance(int *status);
extern int32_t swift_unorm2_normalize(const UNormalizer2 *normalizer, const uint16_t *source, int32_t length,
                                      uint16_t *destination, int32_t capacity, int *status);

int32_t bridge_nfkc(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity) {
    int status = 0;  // U_ZERO_ERROR; failures are > 0
    const UNormalizer2 *normalizer = swift_unorm2_getNFKCInstance(&status);
    if (status > 0 || normalizer == 0) return -1;
    int32_t written = swift_unorm2_normalize(normalizer, source, length, destination, capacity, &status);
    return status > 0 ? -1 : written;
}
