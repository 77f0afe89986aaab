import CourierCore
import Foundation
public import HTTPTypes

#if canImport(Testing)
    import Testing
#endif

/// The error a test double throws for a request it was not told to expect.
///
/// A call that meets it fails as `APIError.Kind.unexpectedRequest`, nothing sent, with this
/// error as its `underlying`: the test's mistake, not the network's.
///
/// Before throwing it, the double records an issue in the running Swift Testing test and prints
/// the request to standard error, so the test fails even when the code under test swallows the
/// error.
public struct UnexpectedRequest: Error, CustomStringConvertible {
    /// The request, as it reached the transport.
    public let request: HTTPRequest

    /// Why it was unexpected.
    public let reason: String

    /// The request's method, URL and header fields, and the reason.
    public var description: String {
        let fields = request.headerFields.map { "  \($0.name): \($0.value)" }.joined(separator: "\n")
        let url = "\(request.scheme ?? "http")://\(request.authority ?? "")\(request.path ?? "")"
        return "Unexpected request (\(reason)): \(request.method.rawValue) \(url)\(fields.isEmpty ? "" : "\n" + fields)"
    }

    static func report(
        _ request: HTTPRequest,
        reason: String,
        fileID: String,
        filePath: String,
        line: Int
    ) -> UnexpectedRequest {
        let error = UnexpectedRequest(request: request, reason: reason)
        FileHandle.standardError.write(Data("\(fileID):\(line): \(error.description)\n".utf8))
        #if canImport(Testing)
            Issue.record(
                Comment(rawValue: error.description),
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1)
            )
        #endif
        return error
    }
}

extension UnexpectedRequest: TestDoubleMiss {}
