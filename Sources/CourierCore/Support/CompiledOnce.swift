package import Foundation
package import HTTPTypes

// Generic standard-library and HTTPTypes code that every module would otherwise specialise for
// itself. A module that calls `sorted(by:)` or `split(separator:)`, sets a header field through
// `HTTPFields`' subscript or makes `Data` from a string's UTF-8 gets its own compiled copy of that
// generic code, and the linker keeps one per module: with the features in modules of their own,
// these copies were 74 KB of every app that links the umbrella (`bash Benchmarks/cost.sh
// --breakdown`, BENCHMARKS.md). The feature modules call these instead; their bodies are
// compiled here, once, and a `package` function's body is never inlined into another module.

extension Swift.Sequence {
    /// The elements, sorted stably by `areInIncreasingOrder`: what `sorted(by:)` returns, through
    /// the Swift runtime library's own compiled sort rather than a copy of it in this binary.
    ///
    /// Courier sorts only short lists, off the hot path (a request's cookies and header names, the
    /// alarms due at one instant, a configuration's features), and each `sorted(by:)` call site
    /// would otherwise carry its own specialised copy of the standard library's merge sort, about
    /// 3 KiB each. Unoptimised, this function is never specialised or inlined, so its call to
    /// `sorted(by:)` stays the one generic entry point of the runtime library.
    @_optimize(none)
    package func compactlySorted(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        try sorted(by: areInIncreasingOrder)
    }
}

extension Swift.Sequence where Element: Comparable {
    /// The elements in ascending order: ``compactlySorted(by:)`` with `<`.
    package func compactlySorted() -> [Element] {
        compactlySorted(by: <)
    }
}

extension HTTPFields {
    /// Sets the field `name` to `value`, replacing any it had, or removes it for `nil`: the
    /// subscript's setter (`fields[name] = value`), compiled once.
    ///
    /// - Parameters:
    ///   - value: The field's value; `nil` removes the field.
    ///   - name: The field's name.
    package mutating func set(_ value: String?, for name: HTTPField.Name) {
        self[name] = value
    }
}

extension String {
    /// The string's UTF-8 bytes: `Data(utf8)`, compiled once.
    package var utf8Data: Data {
        Data(utf8)
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The pieces between each `separator`: `split(separator:maxSplits:omittingEmptySubsequences:)`,
    /// compiled once (for `Substring`; a `String` is split as its whole substring, not copied).
    ///
    /// - Parameters:
    ///   - separator: The character between pieces.
    ///   - maxSplits: The most splits to make; the rest is the last piece.
    ///   - omittingEmpty: Whether empty pieces are left out.
    /// - Returns: The pieces.
    package func pieces(
        separatedBy separator: Character, maxSplits: Int = .max, omittingEmpty: Bool = true
    ) -> [Substring] {
        self[...].piecesOfSubstring(separatedBy: separator, maxSplits: maxSplits, omittingEmpty: omittingEmpty)
    }
}

extension Substring {
    /// ``StringProtocol/pieces(separatedBy:maxSplits:omittingEmpty:)``'s one compiled body.
    @inline(never)
    fileprivate func piecesOfSubstring(separatedBy separator: Character, maxSplits: Int, omittingEmpty: Bool)
        -> [Substring]
    {
        split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omittingEmpty)
    }
}
