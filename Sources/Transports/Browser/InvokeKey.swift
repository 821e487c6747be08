/// The per-process invoke key: random, embedded in the served script, required on every IPC
/// request (Tauri's `__TAURI_INVOKE_KEY__`).
public enum InvokeKey {
    /// A new key: 128 bits from the system's cryptographic generator, in hex.
    public static func generate() -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let n = rng.next() as UInt64
            let hex = String(n, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Compares in time independent of where the strings differ.
    static func matches(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}
