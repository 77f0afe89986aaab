import CourierCore
/// How often a download asks for the rest of its body when the connection fails mid-way, inside
/// the one call.
///
/// A download resumes when the body's connection is reset, closed early or times out while the
/// body arrives, and the response allowed it: a strong validator (`ETag`, or a `Last-Modified` the
/// response's `Date` is at least a second past) and `Accept-Ranges: bytes`. It then sends the
/// request again, through the client's interceptors, with `Range: bytes=N-` and `If-Range`, and
/// appends what the `206` brings. Everything happens inside the call's one deadline. See
/// <doc:Downloads> for every answer a server may give and what the download does with it.
public struct ResumptionPolicy: Sendable, Hashable {
    /// The most requests for the rest of the body one call sends; past it, the download fails with
    /// the last failure.
    public var maximumResumptions: Int

    /// How long to wait before a resumption that follows one which brought no byte (the
    /// connection failed again, or before the answer's head). A resumption after a body that
    /// brought bytes goes at once.
    public var delay: Duration

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumResumptions: The most requests for the rest of the body one call sends.
    ///   - delay: The wait before a resumption that follows one which brought no byte.
    public init(maximumResumptions: Int = 5, delay: Duration = .seconds(1)) {
        self.maximumResumptions = maximumResumptions
        self.delay = delay
    }

    /// Five resumptions at most; one second apart when a resumption brought nothing.
    public static var standard: Self { Self() }

    /// No resumption: a download fails when its connection does.
    public static var never: Self { Self(maximumResumptions: 0) }
}
