import Foundation

/// Small caches for work that every call would otherwise repeat with the same input: type
/// names, which never change for the process's life.
package enum Memo {
    private static let typeNames = Locked<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, which demangles at run time, computed once per type.
    package static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = typeNames.withLock({ $0[key] }) { return name }
        let name = String(describing: type)
        typeNames.withLock { $0[key] = name }
        return name
    }
}
