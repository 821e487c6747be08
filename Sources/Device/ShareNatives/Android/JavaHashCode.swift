extension String {
    /// Java's `String.hashCode()`: `s[0]*31^(n-1) + … + s[n-1]` over UTF-16 code units, in
    /// wrapping signed 32-bit arithmetic (so it may be negative). The Android plugin names its
    /// cache files with it, which makes them stable across processes.
    var javaHashCode: Int32 {
        // An ASCII string's UTF-16 units are its bytes: read them in place (most URLs).
        let ascii = utf8.withContiguousStorageIfAvailable { bytes -> Int32? in
            var h: Int32 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                h = h &* 31 &+ Int32(byte)
            }
            return h
        }
        if let ascii = ascii ?? nil { return ascii }
        var h: Int32 = 0
        for unit in utf16 { h = h &* 31 &+ Int32(unit) }
        return h
    }
}
