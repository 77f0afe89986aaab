#!/usr/bin/env bash
# Courier's WebSockets against the transport under them, SwiftNIO used directly.
#
#   bash Benchmarks/websocket.sh [--round-trips N] [--burst M] [--rounds R] [--warm-up W]
#
# Builds websocket-bench in release mode and runs it (the arguments are passed on). It starts a
# WebSocket echo server in its own process, on 127.0.0.1 (SwiftNIO's server upgrader, on an event
# loop of its own), and measures two clients against it, taking turns in alternating order for R
# rounds (default 3): Courier's `client.withWebSocket` over `AsyncHTTPClientTransport`, and a
# client written on SwiftNIO alone (`ClientBootstrap`, NIO's typed WebSocket client upgrader, a
# `NIOAsyncChannel` of frames). Both send `{"id":N,"text":"hello"}` in text frames, JSON-encoded
# and each echo JSON-decoded. After W messages of warm-up (default 1,000), each measures
# ping-pong, one message in flight for N round trips (default 20,000): round trips per second, p50
# and p99; and a burst, M messages (default 100,000) sent by one task while another receives
# them: messages per second each way. Prints a line per measurement, each round's ratios, and a
# table of the medians with Courier ÷ raw. No server to start: nothing else is needed.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product websocket-bench >/dev/null
.build/release/websocket-bench "$@"
