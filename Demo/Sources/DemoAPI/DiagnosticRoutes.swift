#if Demo
    import Foundation
    import Hummingbird
    import NIOCore

    /// Endpoints that exercise the client's wire behaviour: echo, statuses, redirects, slow and
    /// large bodies, delays, a cookie.
    enum DiagnosticRoutes {
        static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

        static func add(to router: Router<BasicRequestContext>, state: DemoState) {
            for method in methods {
                router.on("echo", method: method, use: echo)
                router.on("echo/**", method: method, use: echo)
                router.on("redirect", method: method, use: redirect)
            }
            router.get("status/:code") { _, context in
                let code = context.parameters.get("code", as: Int.self) ?? 500
                return JSONResponse.error("status \(code) as requested", status: .init(code: code))
            }
            router.get("loop") { _, _ in
                Response(status: .found, headers: [.location: "/loop"])
            }
            router.get("no-content") { _, _ in Response(status: .noContent) }
            router.get("set-cookie") { _, _ in
                var response = JSONResponse.make(["set": "session"])
                response.headers[.setCookie] = "session=abc123; Path=/"
                return response
            }
            router.get("text") { _, _ in
                JSONResponse.raw(Data("héllo, wörld".utf8), contentType: "text/plain; charset=utf-8")
            }
            router.get("delay") { request, _ in
                let milliseconds = request.uri.queryParameters.get("ms", as: Int.self) ?? 1000
                try await Task.sleep(for: .milliseconds(milliseconds))
                return JSONResponse.make(["delayed": milliseconds])
            }
            router.get("slow-body") { request, _ in try await slowBody(request, state: state) }
            router.get("bytes") { request, _ in try await bytes(request, state: state) }
            router.get("cut-body") { request, _ in try await cutBody(request, state: state) }
            router.get("stats") { _, _ in JSONResponse.make(await state.stats) }
        }

        @Sendable static func echo(_ request: Request, context: BasicRequestContext) async throws -> Response {
            var request = request
            let body = try await request.collectBody(upTo: 16 * 1024 * 1024)
            var headers: [String: String] = [:]
            for field in request.headers {
                let name = field.name.canonicalName
                headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
            }
            let echo = Echo(
                method: request.method.rawValue,
                path: request.uri.path,
                query: request.uri.query,
                queryItems: request.uri.queryParameters.map { [String($0.key), String($0.value)] },
                headers: headers,
                body: String(buffer: body),
                bodyLength: body.readableBytes
            )
            return JSONResponse.make(echo)
        }

        /// `/redirect?status=302&to=URL[&cookie=NAME=VALUE]`: answers `status` with `Location: URL`,
        /// and with `Set-Cookie: NAME=VALUE; Path=/` when asked, as a login form does.
        @Sendable static func redirect(_ request: Request, context: BasicRequestContext) async throws -> Response {
            let parameters = request.uri.queryParameters
            let status = parameters.get("status", as: Int.self) ?? 302
            let location = parameters.get("to").map { String($0) } ?? "/echo"
            var headers: HTTPFields = [.location: location, .contentType: "text/plain"]
            if let cookie = parameters.get("cookie") {
                headers[.setCookie] = "\(cookie); Path=/"
            }
            return Response(
                status: .init(code: status),
                headers: headers,
                body: .init(byteBuffer: ByteBuffer(string: "redirecting to \(location)"))
            )
        }

        /// `/slow-body?bytes=N&interval_ms=M`: announces N bytes and sends one every M ms. Counts in
        /// `/stats` as completed, or abandoned when the client went away.
        static func slowBody(_ request: Request, state: DemoState) async throws -> Response {
            let parameters = request.uri.queryParameters
            let count = parameters.get("bytes", as: Int.self) ?? 10
            let interval = parameters.get("interval_ms", as: Int.self) ?? 500
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream"],
                body: .init(contentLength: count) { writer in
                    await state.slowBodyStarted()
                    do {
                        for _ in 0..<count {
                            try await writer.write(ByteBuffer(string: "x"))
                            try await Task.sleep(for: .milliseconds(interval))
                        }
                        try await writer.finish(nil)
                    } catch {
                        await state.streamAbandoned()
                        throw error
                    }
                    await state.streamCompleted()
                }
            )
        }

        /// `/bytes?count=N[&chunked=1][&pace_ms=M]`: N bytes, with a length or streamed in 64 KiB chunks
        /// without one; with a pace, in 64 KiB chunks M ms apart (with a length unless chunked). A
        /// streamed body counts in `/stats` as completed, or abandoned when the client went away.
        ///
        /// Without a pace, a server whose event loop is starved (a test process on busy cores) can
        /// queue the whole body in its writer before the client's refusal reaches it, and count it
        /// completed; a test that asks whether the client left paces the body.
        static func bytes(_ request: Request, state: DemoState) async throws -> Response {
            let parameters = request.uri.queryParameters
            let count = parameters.get("count", as: Int.self) ?? 1024
            let pace = parameters.get("pace_ms", as: Int.self) ?? 0
            let chunk = ByteBuffer(repeating: UInt8(ascii: "a"), count: 64 * 1024)
            let chunked = parameters.get("chunked") == "1"
            guard chunked || pace > 0 else {
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/octet-stream"],
                    body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "a"), count: count))
                )
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream"],
                body: .init(contentLength: chunked ? nil : count) { writer in
                    do {
                        var remaining = count
                        while remaining > 0 {
                            let size = min(remaining, chunk.readableBytes)
                            try await writer.write(chunk.getSlice(at: 0, length: size)!)
                            remaining -= size
                            if pace > 0 { try await Task.sleep(for: .milliseconds(pace)) }
                        }
                        try await writer.finish(nil)
                    } catch {
                        await state.streamAbandoned()
                        throw error
                    }
                    await state.streamCompleted()
                }
            )
        }

        /// `/cut-body?bytes=N&key=K`: announces 2N bytes, sends N, then drops the connection. Counts a
        /// hit on K (see `/hits`).
        static func cutBody(_ request: Request, state: DemoState) async throws -> Response {
            let parameters = request.uri.queryParameters
            let count = parameters.get("bytes", as: Int.self) ?? 1024
            _ = await state.hit(parameters.get("key").map { String($0) } ?? "cut-body")
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream"],
                body: .init(contentLength: 2 * count) { writer in
                    try await writer.write(ByteBuffer(repeating: UInt8(ascii: "a"), count: count))
                    throw CutShort()
                }
            )
        }

        /// Ends a response body early on purpose.
        struct CutShort: Error {}
    }
#endif
