#if Observability
    import HTTPTypes
    import Instrumentation

    /// Writes an instrument's propagation fields (W3C `traceparent`, `tracestate`, or whatever format
    /// the application's instrument uses) into a request's header fields.
    struct HTTPFieldsInjector: Injector {
        func inject(_ value: String, forKey key: String, into fields: inout HTTPFields) {
            guard let name = HTTPField.Name(key) else { return }  // not a valid field name: never sent
            fields[name] = value
        }
    }
#endif
