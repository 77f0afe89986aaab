public import CourierCore
import Foundation
import HTTPTypes

extension StubTransport {
    /// A stub that answers each of `targets` with its `APITarget.sampleData` — Moya's
    /// immediate stubs, or its delayed stubs with a `delay`.
    ///
    /// A request is matched by method, host and path with query. A request for any other
    /// endpoint is unexpected: it fails the running test loudly, printing the request.
    ///
    /// ```swift
    /// let client = APIClient(transport: StubTransport.samples(of: [GitHub.zen, GitHub.user("octocat")]))
    /// let user = try await client.send(GitHub.user("octocat"), as: User.self)  // from sampleData
    /// ```
    ///
    /// - Parameters:
    ///   - targets: The endpoints to answer.
    ///   - delay: How long each answer takes.
    ///   - status: The status of every answer.
    ///   - fileID: Where the stub was made, for the failure message.
    ///   - filePath: Where the stub was made, for the failure message.
    ///   - line: Where the stub was made, for the failure message.
    /// - Returns: The stub.
    /// - Throws: `APIError` when a target cannot be built into a request.
    public static func samples<T: APITarget>(
        of targets: [T],
        delay: Duration = .zero,
        status: HTTPResponse.Status = .ok,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line
    ) throws(APIError) -> StubTransport {
        var samples: [String: Data] = [:]
        for target in targets {
            let request = try target.expecting(Data.self).preparedHTTPRequest()
            samples[key(request)] = target.sampleData
        }
        return StubTransport(latency: delay) { [samples] request, _ in
            guard let data = samples[key(request)] else {
                throw UnexpectedRequest.report(
                    request,
                    reason: "no target with this method and URL among the samples",
                    fileID: fileID,
                    filePath: filePath,
                    line: line
                )
            }
            return Reply(status: status, headerFields: [.contentType: "application/json"], body: data)
        }
    }

    private static func key(_ request: HTTPRequest) -> String {
        "\(request.method.rawValue) \(request.authority ?? "")\(request.path ?? "")"
    }
}
