import Foundation

/// How a call reads its response body: the one switch between ordinary calls, streams and
/// downloads.
package enum BodyMode: Sendable, Equatable {
    /// Into memory, whole, under ``APIClient/Configuration/maximumBodySize``: ordinary calls. The
    /// cache and interceptors see it in memory.
    case buffer
    /// Handed on as it streams, with no limit: ``APIClient/withBytes(_:progress:_:)``, event
    /// streams, JSON Lines, streamed OpenAPI operations.
    case stream
    /// Into a download's file: ``APIClient/download(_:to:options:progress:)``. A transport may
    /// write it there as it arrives (``TransportContext``'s download). The download module's file,
    /// through the seam (``DownloadDestination``).
    case file(any DownloadDestination)
    /// Switched to another protocol: the handshake is sent by ``ProtocolUpgrade/exchange(_:over:context:)``,
    /// and a `101` response's body is the switched connection's inbound bytes, handed on as they
    /// arrive (a WebSocket's frames, `CourierWebSockets`).
    case upgrade(any ProtocolUpgrade)

    package static func == (lhs: BodyMode, rhs: BodyMode) -> Bool {
        switch (lhs, rhs) {
        case (.buffer, .buffer), (.stream, .stream): true
        case (.file(let lhs), .file(let rhs)): lhs === rhs
        case (.upgrade(let lhs), .upgrade(let rhs)): lhs === rhs
        default: false
        }
    }
}
