import Courier
import DemoAPI
import Foundation

/// `GET /users`: seed 000's `{"data": [...]}` list.
struct UsersRequest: APIRequest {
    typealias Response = DataEnvelope<[User]>
    var path: String { "/users" }
}

struct User: Decodable, Sendable {
    var name: String
    var id: Int
}

let exitCode = try await DemoServer.withRunning { baseURL in
    let client = APIClient(baseURL: baseURL)
    let started = ContinuousClock.now
    do {
        let users = try await client.send(UsersRequest()).data
        let elapsed = started.duration(to: .now)
        print("users (async/await) ok in \(elapsed.formatted(.units(allowed: [.milliseconds]))):")
        for user in users {
            print("  #\(user.id) \(user.name)")
        }
        return Int32(0)
    } catch {
        print("users (async/await) FAILED: \(error)")
        return Int32(1)
    }
}
exit(exitCode)
