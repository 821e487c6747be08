@_exported import struct BridgeBinding.SplitMix64
