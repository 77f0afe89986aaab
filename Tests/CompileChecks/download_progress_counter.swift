// expect: mutation of captured var 'count' in concurrently-executing code
// The Downloads article says a download's progress closure is @Sendable, so that a counter in it
// does not compile, and shows what to write instead.
import Courier
import Foundation

struct BackupRequest: APIRequest {
    typealias Response = Data
    var method: HTTPRequest.Method { .get }
    var path: String { "/backup" }
}

func backUp(with client: APIClient, to destination: URL) async throws {
    var count = 0
    try await client.download(BackupRequest(), to: destination) { _ in count += 1 }
    print(count)
}
