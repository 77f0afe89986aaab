#if Demo
    import Foundation
    import Hummingbird
    import NIOCore

    /// Streaming endpoints: an LLM-style token stream over Server-Sent Events, a JSON Lines export,
    /// and a list paginated with `Link` headers.
    package enum StreamRoutes {
        /// One event's data on `/events/tokens`.
        package struct Token: Codable, Sendable {
            /// The event's index, also its id.
            package var index: Int
            /// The token's text.
            package var text: String
        }

        /// One page of `/items`.
        package struct ItemsPage: Codable, Sendable {
            /// The page number, from 1.
            package var page: Int
            /// The items on the page.
            package var items: [Int]
        }

        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            router.get("events/tokens") { request, _ in await tokens(request, state: state) }
            router.get("export.ndjson") { request, _ in export(request) }
            router.get("items") { request, _ in await items(request, state: state) }
        }

        /// `/events/tokens?count=N&retry_ms=R&interval_ms=M&drop_after=K&batch=B&auth=1`: events with ids
        /// `0..<N`, starting after the request's `Last-Event-ID`, preceded by `retry: R`. A
        /// connection that starts before event K drops after sending a partial event K. Events are
        /// written B at a time, M ms apart. Once every event has been sent, a reconnection gets `204`.
        /// Each `Last-Event-ID` received counts a hit on `last-event-id:ID`. A stream whose client
        /// went away counts in `/stats` as abandoned; one sent to the end, as completed. With `auth=1`,
        /// each connection needs the newest access token (see `/login`), or gets `401`.
        static func tokens(_ request: Request, state: DemoState) async -> Response {
            let parameters = request.uri.queryParameters
            let count = parameters.get("count", as: Int.self) ?? 10
            let retry = parameters.get("retry_ms", as: Int.self) ?? 100
            let interval = parameters.get("interval_ms", as: Int.self) ?? 0
            let dropAfter = parameters.get("drop_after", as: Int.self)
            let batch = max(1, parameters.get("batch", as: Int.self) ?? 1)
            var start = 0
            if let lastEventID = request.headers[.init("Last-Event-ID")!] {
                _ = await state.hit("last-event-id:\(lastEventID)")
                start = (Int(lastEventID) ?? -1) + 1
            }
            guard start < count else { return Response(status: .noContent) }
            if parameters.get("auth") == "1" {
                let header = request.headers[.authorization] ?? ""
                let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
                guard await state.isValid(accessToken: token) else {
                    var response = JSONResponse.error("missing, stale or expired token", status: .unauthorized)
                    response.headers[.wwwAuthenticate] = "Bearer"
                    return response
                }
            }
            let first = start
            let drop = dropAfter.flatMap { $0 > first ? $0 : nil }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: .init { writer in
                    do {
                        try await writer.write(ByteBuffer(string: ": tokens\nretry: \(retry)\n\n"))
                        var index = first
                        while index < count {
                            var buffer = ByteBuffer()
                            for event in index..<min(index + batch, count) {
                                if event == drop {
                                    buffer.writeString("id: \(event)\ndata: {\"index\": \(event), \"te")
                                    try await writer.write(buffer)
                                    throw DiagnosticRoutes.CutShort()
                                }
                                buffer.writeString(
                                    "id: \(event)\ndata: {\"index\": \(event), \"text\": \"token \(event)\"}\n\n")
                            }
                            try await writer.write(buffer)
                            index += batch
                            if interval > 0 { try await Task.sleep(for: .milliseconds(interval)) }
                        }
                        try await writer.finish(nil)
                    } catch is DiagnosticRoutes.CutShort {
                        throw DiagnosticRoutes.CutShort()
                    } catch {
                        await state.streamAbandoned()
                        throw error
                    }
                    await state.streamCompleted()
                }
            )
        }

        /// `/export.ndjson?count=N&bad_line=L`: N lines of `{"n": i}`, i from 1; line L, if given, is
        /// not valid JSON.
        static func export(_ request: Request) -> Response {
            let parameters = request.uri.queryParameters
            let count = parameters.get("count", as: Int.self) ?? 100
            let badLine = parameters.get("bad_line", as: Int.self)
            return Response(
                status: .ok,
                headers: [.contentType: "application/x-ndjson"],
                body: .init { writer in
                    var buffer = ByteBuffer()
                    for line in 1...max(count, 1) {
                        buffer.writeString(line == badLine ? "{\"n\": \(line),\n" : "{\"n\": \(line)}\n")
                        if buffer.readableBytes > 16 * 1024 {
                            try await writer.write(buffer)
                            buffer.clear()
                        }
                    }
                    try await writer.write(buffer)
                    try await writer.finish(nil)
                }
            )
        }

        /// `/items?page=P&pages=N&cycle=C`: page P of N (10 by default), with a `Link` to the next
        /// page; with `cycle=C`, the last page links back to page C. Counts a hit on `items:P`.
        static func items(_ request: Request, state: DemoState) async -> Response {
            let parameters = request.uri.queryParameters
            let page = max(1, parameters.get("page", as: Int.self) ?? 1)
            let pages = parameters.get("pages", as: Int.self) ?? 10
            let cycle = parameters.get("cycle", as: Int.self)
            _ = await state.hit("items:\(page)")
            var response = JSONResponse.make(ItemsPage(page: page, items: Array((page - 1) * 5..<page * 5)))
            let extra = cycle.map { "&cycle=\($0)" } ?? ""
            let next = page < pages ? page + 1 : cycle
            if let next {
                response.headers[.init("Link")!] =
                    "</items?page=1\(extra)>; rel=\"first\", </items?page=\(next)\(extra)>; rel=\"next\""
            }
            return response
        }
    }
#endif
