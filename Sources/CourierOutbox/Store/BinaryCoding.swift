import CourierCore
import Foundation

/// Writes the fields of a journal record: integers little-endian, strings and bytes after their
/// length, an optional after a presence byte.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func write(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Int64) {
        write(UInt64(bitPattern: value))
    }

    /// A date, as milliseconds since 1970.
    mutating func write(_ date: Date) {
        write(date.milliseconds)
    }

    /// A duration, in whole milliseconds.
    mutating func write(_ duration: Duration) {
        write(duration.milliseconds)
    }

    mutating func write(_ value: String) {
        write(Array(value.utf8))
    }

    mutating func write(_ value: [UInt8]) {
        write(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func write(_ value: Data) {
        write(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    /// A set of statuses, as its runs of consecutive codes.
    mutating func write(_ codes: StatusCodes) {
        let runs = codes.codeRuns
        write(UInt16(runs.count))
        for run in runs {
            write(UInt16(run.lowerBound))
            write(UInt16(run.upperBound))
        }
    }

    mutating func write(_ value: UUID) {
        withUnsafeBytes(of: value.uuid) { bytes.append(contentsOf: $0) }
    }

    /// A presence byte, then the value when there is one.
    mutating func writeOptional<Value>(_ value: Value?, _ write: (inout BinaryWriter, Value) -> Void) {
        guard let value else { return self.write(false) }
        self.write(true)
        write(&self, value)
    }
}

/// Reads what a ``BinaryWriter`` wrote; any read past the end throws ``Truncated``.
struct BinaryReader {
    struct Truncated: Error {}

    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    var isAtEnd: Bool { offset == bytes.endIndex }

    private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, bytes.endIndex - offset >= count else { throw Truncated() }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A little-endian integer, read straight from the bytes.
    private mutating func integer<Value: FixedWidthInteger>(_: Value.Type) throws -> Value {
        let size = MemoryLayout<Value>.size
        guard bytes.endIndex - offset >= size else { throw Truncated() }
        let start = offset - bytes.startIndex
        offset += size
        return Value(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: Value.self) })
    }

    mutating func byte() throws -> UInt8 { try integer(UInt8.self) }
    mutating func bool() throws -> Bool { try byte() != 0 }
    mutating func uint16() throws -> UInt16 { try integer(UInt16.self) }
    mutating func uint32() throws -> UInt32 { try integer(UInt32.self) }
    mutating func uint64() throws -> UInt64 { try integer(UInt64.self) }
    mutating func int64() throws -> Int64 { Int64(bitPattern: try uint64()) }

    mutating func date() throws -> Date {
        Date(milliseconds: try int64())
    }

    mutating func duration() throws -> Duration {
        .milliseconds(try int64())
    }

    mutating func bytesField() throws -> [UInt8] {
        Array(try take(Int(try uint32())))
    }

    mutating func data() throws -> Data {
        Data(try take(Int(try uint32())))
    }

    mutating func string() throws -> String {
        String(decoding: try take(Int(try uint32())), as: UTF8.self)
    }

    mutating func statusCodes() throws -> StatusCodes {
        let count = Int(try uint16())
        var runs: [ClosedRange<Int>] = []
        for _ in 0..<count {
            let lower = Int(try uint16())
            let upper = Int(try uint16())
            guard lower <= upper else { throw Truncated() }
            runs.append(lower...upper)
        }
        return StatusCodes(codeRuns: runs)
    }

    mutating func uuid() throws -> UUID {
        let b = Array(try take(16))
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }

    mutating func optional<Value>(_ read: (inout BinaryReader) throws -> Value) throws -> Value? {
        guard try bool() else { return nil }
        return try read(&self)
    }
}
