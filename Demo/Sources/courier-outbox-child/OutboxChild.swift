import Courier
import CourierOutbox
import Foundation

/// `courier-outbox-child`: an outbox in a process of its own, for the kill test to kill.
///
/// It opens the outbox in `--store` and prints `opened`; enqueues the items `--from` … `--from +
/// --count - 1` of a plan made from `--seed` (each item's group and the server's delay), printing
/// `enqueuing N` before each enqueue and `enqueued N` once it returned; then waits until the
/// outbox is empty, prints `drained` and exits 0. Every line is written at once, unbuffered, so
/// that a line printed is a line read even when the process is killed right after. With `--hold`
/// it opens the outbox, prints `holding` and waits to be killed. It exits 3 when another outbox
/// has the store, 4 when an entry becomes a dead letter, 2 on any other failure.
@main
struct OutboxChild {
    static func main() async {
        let options = Options(CommandLine.arguments.dropFirst())
        let client = APIClient(
            baseURL: URL(string: "http://127.0.0.1:\(options.port)")!, transport: options.transport
        ) { $0.timeout = .seconds(5) }
        var configuration = Outbox.Configuration()
        configuration.monitorsNetwork = false
        configuration.rules = DeliveryRules(
            retry: RetryPolicy(
                maximumRetries: 100_000, initialBackoff: .milliseconds(10), maximumBackoff: .milliseconds(100),
                retryableStatusCodes: [408, 409, 429] + .serverError),
            expiry: nil)
        let outbox: Outbox
        do {
            outbox = try await Outbox(
                directory: URL(fileURLWithPath: options.store), client: client, configuration: configuration)
        } catch {
            say("error \(error)")
            exit((error.underlying as? OutboxError)?.kind == .alreadyOpen ? 3 : 2)
        }
        say(options.hold ? "holding" : "opened")
        if options.hold {
            while true { try? await Task.sleep(for: .seconds(60)) }
        }
        var events = outbox.events().makeAsyncIterator()
        for index in options.from..<(options.from + options.count) {
            let item = Item(
                index: index, seed: options.seed, groups: options.groups, maximumDelay: options.maximumDelay)
            say("enqueuing \(index)")
            do {
                try await outbox.enqueue(item, kind: "item", group: item.group)
            } catch {
                say("error \(error)")
                exit(2)
            }
            say("enqueued \(index)")
        }
        while let event = await events.next() {
            if event.kind == .deadLettered {
                say("dead \(event.entry?.description ?? "?"): \(event.entry?.deadLetter?.failure?.description ?? "")")
                exit(4)
            }
            if event.pendingCount == 0, event.deadLetterCount == 0, (try? await outbox.count) == 0 { break }
        }
        say("drained")
        await outbox.close()
        exit(0)
    }

    /// Writes a line to standard output at once.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// One item of the plan: `POST /outbox/items/<index>`, in its group, with the server's delay.
struct Item: APIRequest {
    typealias Response = Data
    let index: Int
    let group: String?
    let delay: Int

    init(index: Int, seed: UInt64, groups: Int, maximumDelay: Int) {
        var random = SplitMix(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        self.index = index
        let slot = Int(random.next() % UInt64(groups + 1))
        group = slot == groups ? nil : "g\(slot)"
        delay = maximumDelay > 0 ? Int(random.next() % UInt64(maximumDelay + 1)) : 0
    }

    var method: HTTPRequest.Method { .post }
    var path: String { "/outbox/items/\(index)" }
    var query: QueryParameters { ["delay_ms": delay, "group": group] }
    var body: RequestBody? { .json(["index": "\(index)", "group": group ?? ""]) }
    var acceptableStatusCodes: StatusCodes { [.created] }
}

/// The child's options, as `--name value` pairs and `--hold`.
struct Options {
    var store = ""
    var port = 0
    var transport: any Transport = APIClient.defaultTransport
    var from = 0
    var count = 0
    var groups = 3
    var seed: UInt64 = 0
    var maximumDelay = 0
    var hold = false

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            if name == "--hold" {
                hold = true
                continue
            }
            let value = iterator.next() ?? ""
            switch name {
            case "--store": store = value
            case "--port": port = Int(value) ?? 0
            case "--transport":
                #if os(Linux) || os(macOS)
                    transport = value == "urlSession" ? URLSessionTransport.shared : AsyncHTTPClientTransport.shared
                #endif
            case "--from": from = Int(value) ?? 0
            case "--count": count = Int(value) ?? 0
            case "--groups": groups = Int(value) ?? 3
            case "--seed": seed = UInt64(value) ?? 0
            case "--max-delay-ms": maximumDelay = Int(value) ?? 0
            default: break
            }
        }
    }
}

/// SplitMix64, for the plan.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
