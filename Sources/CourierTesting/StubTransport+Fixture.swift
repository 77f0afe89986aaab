public import Foundation

extension StubTransport {
    /// Reads canned responses from a bundle, such as a test target's resources.
    ///
    /// Declare the files as resources of the test target, then read them through `Bundle.module`:
    ///
    /// ```swift
    /// // Package.swift: .testTarget(name: "AppTests", resources: [.process("Fixtures")])
    /// let users = try StubTransport.Fixture.data("users", in: .module)
    /// let stub = StubTransport.sequence([.reply(try .fixture("users", in: .module))])
    /// ```
    public enum Fixture: Sendable {
        /// The bundle has no file of that name.
        public struct Missing: Error, CustomStringConvertible {
            /// The file's name, with its extension.
            public let file: String

            /// What was missing, and where to declare it.
            public var description: String {
                "No fixture named '\(file)' in the bundle; is it declared in the test target's resources?"
            }
        }

        /// The contents of a file in `bundle`.
        ///
        /// - Parameters:
        ///   - name: The file's name without its extension.
        ///   - fileExtension: The file's extension.
        ///   - bundle: The bundle holding it.
        /// - Returns: The file's contents.
        /// - Throws: ``Missing`` when there is no such file; a read error otherwise.
        public static func data(_ name: String, extension fileExtension: String = "json", in bundle: Bundle) throws
            -> Data
        {
            guard let url = bundle.url(forResource: name, withExtension: fileExtension) else {
                throw Missing(file: "\(name).\(fileExtension)")
            }
            return try Data(contentsOf: url)
        }
    }
}
