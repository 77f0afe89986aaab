#if Demo
    import InMemoryTracing
    import Tracing

    /// swift-distributed-tracing's in-memory tracer, propagating its spans as W3C `traceparent`
    /// header fields (the in-memory tracer's own injection uses keys of its own), with W3C-shaped
    /// identifiers: 32 hex digits for a trace, 16 for a span.
    ///
    /// Passed to a client's configuration explicitly, never bootstrapped: tests run in parallel in
    /// one process.
    struct W3CTestTracer: Tracer {
        typealias Span = InMemorySpan

        let recorder = InMemoryTracer(
            idGenerator: .init(nextTraceID: { hex(digits: 32) }, nextSpanID: { hex(digits: 16) }))

        var finishedSpans: [FinishedInMemorySpan] { recorder.finishedSpans }

        func startSpan<Instant: TracerInstant>(
            _ operationName: String,
            context: @autoclosure () -> ServiceContext,
            ofKind kind: SpanKind,
            at instant: @autoclosure () -> Instant,
            function: String,
            file fileID: String,
            line: UInt
        ) -> InMemorySpan {
            recorder.startSpan(
                operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID,
                line: line)
        }

        func forceFlush() {}

        func activeSpan(identifiedBy context: ServiceContext) -> InMemorySpan? {
            recorder.activeSpan(identifiedBy: context)
        }

        func inject<Carrier, Inject: Injector>(
            _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
        ) where Inject.Carrier == Carrier {
            guard let span = context.inMemorySpanContext else { return }
            injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
        }

        func extract<Carrier, Extract: Extractor>(
            _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
        ) where Extract.Carrier == Carrier {}
    }

    private func hex(digits: Int) -> String {
        String((0..<digits).map { _ in "0123456789abcdef".randomElement()! })
    }
#endif
